// The `digest` job of one member (server/jobs/digests.ts): at their 08:00, the daily digest (and
// on Mondays the weekly one) of the kinds they chose, each one mail, none when nothing happened.
// The same function serves `npm run admin -- digests send` (a given moment, for operators and
// tests with a fixed clock).
import { queueMail } from '../../auth/mail-queue';
import { db } from '../../db/client';
import { isWeeklyDay, lastDigestAt, nextDigestAt, periodBefore } from './clock';
import { composeDigest } from './compose';
import { DIGEST_KINDS, settingsOf, wantsDigest } from './preferences';

const MEMBER_SELECT = {
  id: true,
  teamId: true,
  digestVisits: true,
  digestQuestions: true,
  digestAccessRequests: true,
  digestUploads: true,
  user: { select: { timeZone: true } },
} as const;

export type SentDigest = { period: 'daily' | 'weekly'; rooms: number; items: number };

/** Sends the digests due at `at` (an 08:00 of the member's zone); answers what was sent. */
export async function sendDigests(memberId: string, at: number): Promise<SentDigest[]> {
  const m = await db.teamMember.findUnique({ where: { id: memberId }, select: MEMBER_SELECT });
  if (!m) return [];
  const s = settingsOf(m);
  const sent: SentDigest[] = [];
  for (const period of ['daily', 'weekly'] as const) {
    if (period === 'weekly' && !isWeeklyDay(at, s.time_zone)) continue;
    const kinds = DIGEST_KINDS.filter((k) => s[k] === period);
    if (!kinds.length) continue;
    const { since, until } = periodBefore(at, s.time_zone, period);
    const d = await composeDigest(m.id, period, kinds, since, until, s.time_zone);
    if (!d) continue;
    await queueMail(db, { link: d.mail }, m.teamId);
    sent.push({ period, rooms: d.rooms, items: d.items });
  }
  return sent;
}

/** The job: the digests of the last 08:00, then again at the next one while the member wants any. */
export async function runDigestJob(memberId: string, now = Date.now()): Promise<{ againInMs: number } | void> {
  const m = await db.teamMember.findUnique({ where: { id: memberId }, select: MEMBER_SELECT });
  if (!m) return;
  const s = settingsOf(m);
  if (!wantsDigest(s)) return;
  await sendDigests(m.id, lastDigestAt(now, s.time_zone));
  return { againInMs: nextDigestAt(now, s.time_zone) - now };
}
