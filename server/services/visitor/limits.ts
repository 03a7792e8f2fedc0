// Rate limits of the viewer (in-process, or Upstash when configured, like every limit), each
// over its own window: password guesses and email steps per link and client address; one-time
// codes sent per link and email and per client address; codes tried per link and email (on top
// of the 5 attempts a code allows); new sessions (a new visitor, so a new view) per link and
// address; page-time batches per session and per address; access requests per email.
import { config } from '../../config';
import { createRateLimiter, type RateLimiter } from '../../ratelimit';

const MINUTE = 60_000;
const TEN_MINUTES = 10 * MINUTE;
const HOUR = 60 * MINUTE;

type Budget = { limit: () => number; windowMs: number };
const BUDGETS = {
  password: { limit: () => 10, windowMs: TEN_MINUTES },
  email: { limit: () => config.viewerEmailStepsPerAddress, windowMs: TEN_MINUTES },
  code_send: { limit: () => 5, windowMs: TEN_MINUTES },
  code_send_address: { limit: () => config.viewerCodeSendsPerAddress, windowMs: TEN_MINUTES },
  code_verify: { limit: () => 10, windowMs: TEN_MINUTES },
  session_new: { limit: () => config.viewerSessionsPerAddress, windowMs: TEN_MINUTES },
  events_session: { limit: () => config.viewerEventBatchesPerSession, windowMs: MINUTE },
  events_address: { limit: () => config.viewerEventBatchesPerAddress, windowMs: MINUTE },
  // Access requests (each mails a code) per email address, over every link.
  access_request: { limit: () => config.accessRequestsPerEmailPerHour, windowMs: HOUR },
} satisfies Record<string, Budget>;
export type LimitKind = keyof typeof BUDGETS;

/** Retry-After of a refusal by one of these limits, in seconds. */
export const retryAfterSeconds = (kind: LimitKind) => Math.ceil(BUDGETS[kind].windowMs / 1000);

const limiters: Map<LimitKind, RateLimiter> = ((globalThis as Record<symbol, unknown>)[Symbol.for('quire.viewer-limiters')] ??= new Map()) as Map<LimitKind, RateLimiter>;

/** Counts one attempt of `kind` for `key`; false when over budget. */
export async function allow(kind: LimitKind, key: string): Promise<boolean> {
  let l = limiters.get(kind);
  if (!l) {
    const b: Budget = BUDGETS[kind];
    l = createRateLimiter({ prefix: `quire:viewer:${kind}`, limit: b.limit(), windowMs: b.windowMs, upstash: config.upstash });
    limiters.set(kind, l);
  }
  return (await l.limit(key)).success;
}
