// When a failed delivery is tried again: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after each failed
// attempt (±10 % jitter, so a receiver that comes back is not hit by every delivery at once), then
// it is given up. WEBHOOK_RETRY_SCHEDULE replaces the list (tests).
import { config } from '../../config';
import { WEBHOOK_RETRY_SCHEDULE_S } from '../../../lib/shared/webhooks';

export const retrySchedule = (): readonly number[] => config.webhookRetrySchedule ?? WEBHOOK_RETRY_SCHEDULE_S;

/**
 * Milliseconds until the next attempt after `attempts` attempts (the last one failed), or null:
 * the schedule is spent and the delivery has failed.
 */
export function retryDelayMs(attempts: number, schedule: readonly number[] = retrySchedule(), random: () => number = Math.random): number | null {
  const seconds = schedule[attempts - 1];
  if (seconds === undefined || attempts < 1) return null;
  return Math.round(seconds * 1000 * (0.9 + 0.2 * random()));
}
