// The viewer's short-lived rows, removed once they can no longer matter: sessions past their 24
// hours, one-time codes past their 10 minutes, notification claims older than the hour they
// guard. Part of the sweep (server/jobs/sweep.ts).
import { db } from '../../db/client';
import { NOTIFY_EVERY_MS } from './notify';

export async function sweepViewerState(now = new Date()) {
  const [sessions, codes, notifications] = await Promise.all([
    db.viewerSession.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.viewerCode.deleteMany({ where: { expiresAt: { lt: now } } }),
    db.linkNotification.deleteMany({ where: { sentAt: { lt: new Date(now.getTime() - NOTIFY_EVERY_MS) } } }),
  ]);
  return { sessions: sessions.count, codes: codes.count, notifications: notifications.count };
}
