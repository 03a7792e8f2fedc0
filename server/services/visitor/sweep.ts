// The viewer's short-lived rows, removed once they can no longer matter: sessions past their 24
// hours, one-time codes past their 10 minutes, notification claims older than the hour they
// guard, access denials after a year (as the audit log's events). Part of the sweep (server/jobs/sweep.ts).
import { db } from '../../db/client';
import { NOTIFY_EVERY_MS } from './notify';

const DENIALS_KEPT_MS = 365 * 86_400_000;

export async function sweepViewerState(now = new Date()) {
  const [sessions, codes, notifications, denials] = await Promise.all([
    db.viewerSession.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.viewerCode.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.linkNotification.deleteMany({ where: { sentAt: { lt: new Date(now.getTime() - NOTIFY_EVERY_MS) } } }),
    db.accessDenial.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - DENIALS_KEPT_MS) } } }),
  ]);
  return { sessions: sessions.count, codes: codes.count, notifications: notifications.count, denials: denials.count };
}
