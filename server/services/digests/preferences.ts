// Each member's digest settings for their team (DESIGN.md "Room power tools"): per kind of news
// (visits, questions, access requests, uploads) instant (the per-event mails of today), daily,
// weekly or off; and their time zone (on the user: one person, one clock, whatever the team).
// A member with any daily or weekly kind has one `digest` job on the queue, due at their next
// 08:00; changing the settings moves it (or drops it).
import type { UserActor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { enqueue } from '../../db/jobs';
import { invalid } from '../../errors';
import { isTimeZone, nextDigestAt } from './clock';

export const DIGEST_KINDS = ['visits', 'questions', 'access_requests', 'uploads'] as const;
export type DigestKind = (typeof DIGEST_KINDS)[number];
export const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export type DigestSettings = { time_zone: string } & Record<DigestKind, Frequency>;

const COLUMN = { visits: 'digestVisits', questions: 'digestQuestions', access_requests: 'digestAccessRequests', uploads: 'digestUploads' } as const;

type MemberRow = { id: string; teamId: string; digestVisits: string; digestQuestions: string; digestAccessRequests: string; digestUploads: string; user: { timeZone: string } };

export const settingsOf = (m: MemberRow): DigestSettings => ({
  time_zone: m.user.timeZone,
  visits: m.digestVisits as Frequency,
  questions: m.digestQuestions as Frequency,
  access_requests: m.digestAccessRequests as Frequency,
  uploads: m.digestUploads as Frequency,
});

const MEMBER_SELECT = { id: true, teamId: true, digestVisits: true, digestQuestions: true, digestAccessRequests: true, digestUploads: true, user: { select: { timeZone: true } } } as const;

async function member(tx: Tx, actor: UserActor) {
  return tx.teamMember.findUniqueOrThrow({ where: { teamId_userId: { teamId: actor.teamId, userId: actor.userId } }, select: MEMBER_SELECT });
}

export const getDigestSettings = async (actor: UserActor) => settingsOf(await member(db, actor));

export async function updateDigestSettings(actor: UserActor, input: Partial<DigestSettings>): Promise<DigestSettings> {
  if (input.time_zone !== undefined && !isTimeZone(input.time_zone)) throw invalid('time_zone', 'must be an IANA time zone name, such as Europe/London');
  return db.$transaction(async (tx) => {
    const m = await member(tx, actor);
    const data = Object.fromEntries(DIGEST_KINDS.filter((k) => input[k] !== undefined).map((k) => [COLUMN[k], input[k]]));
    if (Object.keys(data).length) await tx.teamMember.update({ where: { id: m.id }, data });
    // The time zone is the person's: every team's digest job of theirs follows it.
    if (input.time_zone !== undefined) await tx.user.update({ where: { id: actor.userId }, data: { timeZone: input.time_zone } });
    const members = input.time_zone !== undefined ? await tx.teamMember.findMany({ where: { userId: actor.userId }, select: MEMBER_SELECT }) : [await member(tx, actor)];
    for (const x of members) await scheduleDigest(tx, x);
    return settingsOf(members.find((x) => x.id === m.id)!);
  });
}

export const wantsDigest = (s: DigestSettings) => DIGEST_KINDS.some((k) => s[k] === 'daily' || s[k] === 'weekly');

/** One `digest` job per member who wants any, due at their next 08:00; none for the others. */
export async function scheduleDigest(tx: Tx, m: MemberRow, now = Date.now()) {
  await tx.$executeRaw`DELETE FROM jobs WHERE kind = 'digest' AND ref = ${m.id} AND status = 'queued'`;
  const s = settingsOf(m);
  if (!wantsDigest(s)) return;
  const at = nextDigestAt(now, s.time_zone);
  await enqueue(tx, { kind: 'digest', ref: m.id, teamId: m.teamId, payload: { at }, delayMs: at - now });
}

/**
 * Who of `candidates` (emails of the team's members) still gets the per-event mail of `kind`:
 * those whose setting is instant. The others read it in their digest, or not at all.
 */
export async function instantRecipients(teamId: string, kind: DigestKind, candidates: string[]): Promise<string[]> {
  if (!candidates.length) return [];
  const rows = await db.teamMember.findMany({ where: { teamId, user: { email: { in: candidates } } }, select: { ...MEMBER_SELECT, user: { select: { email: true, timeZone: true } } } });
  const muted = new Set(rows.filter((r) => settingsOf(r)[kind] !== 'instant').map((r) => r.user.email));
  return candidates.filter((e) => !muted.has(e));
}
