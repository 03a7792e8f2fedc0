// The mail a link's owner gets when someone opens the link (enable_notification): at most one per
// visitor and link an hour, claimed atomically so concurrent first requests send one. The owner
// is whoever made the link (the user, or the user who made the token that did) while they are
// still in the team; otherwise the team's admins (docs/decisions.md).
import type { ViewerActor } from '../../auth/actor';
import { queueMail } from '../../auth/mail-queue';
import { config } from '../../config';
import { db } from '../../db/client';
import type { ViewerLink } from './links';
import { instantRecipients } from '../digests/preferences';

export const NOTIFY_EVERY_MS = 3600_000;

/** Who hears of visits to `link`. */
export async function linkOwners(link: Pick<ViewerLink, 'teamId' | 'createdById'>): Promise<string[]> {
  if (link.createdById) {
    const m = await db.teamMember.findFirst({ where: { teamId: link.teamId, userId: link.createdById }, select: { user: { select: { email: true } } } });
    if (m) return [m.user.email];
  }
  const admins = await db.teamMember.findMany({ where: { teamId: link.teamId, role: 'admin' }, select: { user: { select: { email: true } } }, orderBy: { createdAt: 'asc' } });
  return admins.map((a) => a.user.email);
}

export async function notifyVisit(link: ViewerLink, actor: ViewerActor) {
  const key = actor.visitorId ?? `session:${actor.sessionId}`;
  const now = new Date();
  const claimed = await db.$queryRaw<unknown[]>`
    INSERT INTO link_notifications (link_id, visitor_key, sent_at) VALUES (${link.id}, ${key}, ${now})
    ON CONFLICT (link_id, visitor_key) DO UPDATE SET sent_at = EXCLUDED.sent_at
    WHERE link_notifications.sent_at <= ${new Date(now.getTime() - NOTIFY_EVERY_MS)}
    RETURNING link_id`;
  if (!claimed.length) return;
  // Members who read visits in a digest (or not at all) get no mail of their own.
  const owners = await instantRecipients(link.teamId, 'visits', await linkOwners(link));
  if (!owners.length) return;
  const what = await describeTarget(link);
  const who = actor.email ?? 'An anonymous visitor';
  const url = `${config.appUrl}/links/${link.id}`;
  const mails = owners.map((to) => ({
    notice: {
      to,
      kind: 'view notification',
      subject: `${who} opened ${what}`,
      text: `${who} opened ${what} through your link${link.name ? ` "${link.name}"` : ''}.\n\nSee the visit: ${url}\n`,
      logValue: `${url} (${who})`,
    },
  }));
  await queueMail(db, mails, link.teamId);
}

async function describeTarget(link: ViewerLink): Promise<string> {
  if (link.documentId) {
    const d = await db.document.findUnique({ where: { id: link.documentId }, select: { name: true } });
    return d ? `"${d.name}"` : 'your document';
  }
  const r = link.dataroomId ? await db.dataroom.findUnique({ where: { id: link.dataroomId }, select: { name: true } }) : null;
  return r ? `the data room "${r.name}"` : 'your data room';
}
