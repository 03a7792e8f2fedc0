// Dashboard-only summaries of links and views (no /v1 operation; the public Link and View
// objects stay as DESIGN.md has them).
import type { Actor } from '../../auth/actor';
import { Prisma } from '../../db/generated/client';
import { db } from '../../db/client';
import { iso } from '../../schemas/common';
import { IS_VISIT } from '../analytics/definitions';
import type { CustomField } from './settings';

/**
 * For the dashboard's lists: each of the team's given links with its target's names and its
 * visits (count, as analytics/definitions.ts counts them, and the latest activity), in one query over the views grouped by link. Unknown, foreign or
 * deleted ids are left out.
 */
export async function linkSummaries(actor: Actor, ids: string[]) {
  if (!ids.length) return { data: [] };
  const rows = await db.$queryRaw<
    { id: string; documentName: string | null; dataroomName: string | null; groupName: string | null; views: number; lastViewedAt: Date | null }[]
  >`
    SELECT l.id, d.name AS "documentName", r.name AS "dataroomName", g.name AS "groupName",
           COALESCE(s.views, 0)::int AS views, s.last_viewed_at AS "lastViewedAt"
      FROM links l
      LEFT JOIN documents d ON d.id = l.document_id
      LEFT JOIN datarooms r ON r.id = l.dataroom_id
      LEFT JOIN viewer_groups g ON g.id = l.group_id
      LEFT JOIN (
        SELECT v.link_id, count(*) FILTER (WHERE ${Prisma.raw(IS_VISIT)}) AS views, max(v.viewed_at) AS last_viewed_at
          FROM views v
         WHERE v.link_id = ANY(${ids}::text[])
         GROUP BY v.link_id
      ) s ON s.link_id = l.id
     WHERE l.id = ANY(${ids}::text[]) AND l.team_id = ${actor.teamId} AND l.deleted_at IS NULL`;
  return {
    data: rows.map((r) => ({
      link_id: r.id,
      document_name: r.documentName,
      dataroom_name: r.dataroomName,
      group_name: r.groupName,
      views: r.views,
      last_viewed_at: r.lastViewedAt ? iso(r.lastViewedAt) : null,
    })),
  };
}

/**
 * For the dashboard's view lists: what the View object does not carry for each of the team's
 * given views: its link's name, the names of what was opened, the pages seen and the visitor's
 * answers to the link's custom fields.
 */
export async function viewDetails(actor: Actor, ids: string[]) {
  if (!ids.length) return { data: [] };
  const rows = await db.$queryRaw<
    { id: string; linkName: string | null; linkDeleted: boolean; documentName: string | null; dataroomName: string | null; pages: number; answers: unknown; fields: unknown }[]
  >`
    SELECT v.id, l.name AS "linkName", l.custom_fields AS fields, (l.deleted_at IS NOT NULL) AS "linkDeleted", d.name AS "documentName", r.name AS "dataroomName",
           (SELECT count(*) FROM view_page_totals t WHERE t.view_id = v.id)::int AS pages,
           v.custom_field_values AS answers
      FROM views v
      JOIN links l ON l.id = v.link_id
      LEFT JOIN documents d ON d.id = v.document_id
      LEFT JOIN datarooms r ON r.id = v.dataroom_id
     WHERE v.id = ANY(${ids}::text[]) AND v.team_id = ${actor.teamId}`;
  return {
    data: rows.map((r) => ({
      view_id: r.id,
      link_name: r.linkName,
      link_deleted: r.linkDeleted,
      document_name: r.documentName,
      dataroom_name: r.dataroomName,
      pages_viewed: r.pages,
      answers: answersOf(r.answers, (r.fields as CustomField[] | null) ?? []),
    })),
  };
}

/**
 * Answers as `{ identifier, label, value }` in the order of the link's fields (then any others),
 * whatever JSON shape the viewer stored: `{ identifier: value }` or `[{ identifier, value }]`.
 */
function answersOf(raw: unknown, fields: CustomField[]) {
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'boolean' ? (v ? 'Yes' : 'No') : v == null ? '' : JSON.stringify(v));
  let pairs: [string, string][] = [];
  if (Array.isArray(raw)) {
    pairs = raw
      .filter((a): a is { identifier: string; value: unknown } => !!a && typeof a === 'object' && typeof (a as { identifier?: unknown }).identifier === 'string')
      .map((a) => [a.identifier, text(a.value)]);
  } else if (raw && typeof raw === 'object') {
    pairs = Object.entries(raw).map(([k, v]) => [k, text(v)]);
  }
  const order = new Map(fields.map((f, i) => [f.identifier, i]));
  const labels = new Map(fields.map((f) => [f.identifier, f.label]));
  return pairs
    .sort(([a], [b]) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
    .map(([identifier, value]) => ({ identifier, label: labels.get(identifier) ?? identifier, value }));
}
