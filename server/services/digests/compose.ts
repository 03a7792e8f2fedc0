// A member's digest (DESIGN.md "Room power tools"): what happened in the team during the period,
// for the kinds the member asked for at that frequency, read from the event log and grouped per
// room (visits of document links under "Documents"), with links to each room's tab. Nothing at all
// happened: no mail. Sent as the team's branded mail, as invitations are.
import type { LinkMail } from '../../auth/mail';
import { config } from '../../config';
import { db } from '../../db/client';
import { pgTimestamp } from '../../db/sql';
import { teamDefaultBrand } from '../branding/effective';
import type { DigestKind } from './preferences';

/** The event types each kind reads; a room visit is its room view (documents opened inside it are part of it). */
const TYPES: Record<DigestKind, string> = {
  visits: 'view.created',
  questions: 'question.created',
  access_requests: 'access_request.created',
  uploads: 'dataroom.upload.created',
};

const LABEL: Record<DigestKind, [string, string]> = {
  visits: ['visit', 'visits'],
  questions: ['question', 'questions'],
  access_requests: ['access request', 'access requests'],
  uploads: ['upload to review', 'uploads to review'],
};

const TAB: Record<DigestKind, string> = { visits: 'analytics', questions: 'qa', access_requests: '', uploads: 'uploads' };

type Row = { type: string; dataroomId: string | null; roomName: string | null; who: string | null; what: string | null };

/** The events of `kinds` in [since, until) of the team, with what the digest says of each. */
async function happenings(teamId: string, kinds: DigestKind[], since: number, until: number): Promise<Row[]> {
  if (!kinds.length) return [];
  return db.$queryRawUnsafe<Row[]>(
    `SELECT e.type, e.dataroom_id AS "dataroomId", r.name AS "roomName", e.actor_email AS who,
       COALESCE(e.data->'object'->>'name', e.data->'object'->>'text', e.data->'object'->>'email') AS what
     FROM events e LEFT JOIN datarooms r ON r.id = e.dataroom_id AND r.deleted_at IS NULL
     WHERE e.team_id = $1 AND e.created_at >= $2::timestamp AND e.created_at < $3::timestamp AND e.type = ANY($4::text[])
       AND (e.type <> 'view.created' OR (e.dataroom_id IS NULL) = (e.data->'object'->>'view_type' = 'DOCUMENT_VIEW'))
       AND (e.dataroom_id IS NULL OR r.id IS NOT NULL)
     ORDER BY e.created_at, e.id`,
    teamId,
    pgTimestamp(since),
    pgTimestamp(until),
    kinds.map((k) => TYPES[k]),
  );
}

const kindOf = (type: string) => (Object.keys(TYPES) as DigestKind[]).find((k) => TYPES[k] === type)!;
const counted = (n: number, [one, many]: [string, string]) => `${n} ${n === 1 ? one : many}`;
const clip = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export type Digest = { mail: LinkMail; rooms: number; items: number };

/** The digest of `memberId` for [since, until), or null when nothing of the kinds happened. */
export async function composeDigest(
  memberId: string,
  period: 'daily' | 'weekly',
  kinds: DigestKind[],
  since: number,
  until: number,
  timeZone: string,
): Promise<Digest | null> {
  const m = await db.teamMember.findUnique({ where: { id: memberId }, select: { teamId: true, user: { select: { email: true } }, team: { select: { name: true } } } });
  if (!m) return null;
  const rows = await happenings(m.teamId, kinds, since, until);
  if (!rows.length) return null;
  const groups = new Map<string, { name: string; id: string | null; rows: Row[] }>();
  for (const r of rows) {
    const key = r.dataroomId ?? '';
    if (!groups.has(key)) groups.set(key, { name: r.roomName ?? 'Documents', id: r.dataroomId, rows: [] });
    groups.get(key)!.rows.push(r);
  }
  // Rooms by name, shared documents last.
  const ordered = [...groups.values()].sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name)));
  const sections = ordered.map((g) => {
    const url = g.id ? `${config.appUrl}/datarooms/${g.id}` : `${config.appUrl}/links`;
    const lines = (Object.keys(TYPES) as DigestKind[])
      .filter((k) => kinds.includes(k))
      .flatMap((k) => {
        const of = g.rows.filter((r) => kindOf(r.type) === k);
        if (!of.length) return [];
        const people = [...new Set(of.map((r) => r.who ?? 'anonymous visitors'))];
        const detail =
          k === 'visits'
            ? ` by ${people.slice(0, 5).join(', ')}${people.length > 5 ? ` and ${people.length - 5} more` : ''}`
            : `: ${of.slice(0, 5).map((r) => `“${clip(r.what ?? '')}” (${r.who ?? 'anonymous'})`).join('; ')}${of.length > 5 ? `; and ${of.length - 5} more` : ''}`;
        const tab = g.id && TAB[k] ? `${url}?tab=${TAB[k]}` : k === 'access_requests' ? `${config.appUrl}/access-requests` : url;
        return [`  • ${counted(of.length, LABEL[k])}${detail}\n    ${tab}`];
      });
    return `${g.name}\n${lines.join('\n')}`;
  });
  const brand = await teamDefaultBrand(db, m.teamId);
  const day = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { timeZone, day: 'numeric', month: 'short' });
  const span = period === 'daily' ? `since ${day(since)}, 08:00` : `in the week of ${day(since)} to ${day(until - 1)}`;
  return {
    rooms: ordered.length,
    items: rows.length,
    mail: {
      to: m.user.email,
      kind: `${period} digest`,
      subject: `${period === 'daily' ? 'Daily' : 'Weekly'} digest for ${m.team.name}: ${counted(rows.length, ['update', 'updates'])}`,
      intro: `Here is what happened in ${m.team.name} ${span} (${timeZone}).`,
      message: sections.join('\n\n'),
      actionLabel: 'Open Quire',
      url: `${config.appUrl}/datarooms`,
      brand: { name: m.team.name, color: brand?.brandColor ?? null },
    },
  };
}
