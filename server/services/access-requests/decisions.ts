// Access requests, the team's side (DESIGN.md "Agreements (NDA before access), invitations,
// access requests"): list, get, approve (a group link: the email joins the group; a general
// link: it joins the allow list), deny. The visitor is mailed the outcome; an approved request
// also lets the browser session that asked in on its next visit, without the code again.
import type { Actor } from '../../auth/actor';
import { queueMail } from '../../auth/mail-queue';
import { db, type Tx } from '../../db/client';
import { ApiError, conflict, notFound } from '../../errors';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';
import { addMembersIn } from '../datarooms/groups';
import { findRoom } from '../datarooms/rooms';
import { emit } from '../events/emit';
import { linkUrl } from '../links/links';
import { sharedName } from '../links/shared-name';
import { accessKey, loadViewerState } from '../viewer/links';

export const REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

type Row = NonNullable<Awaited<ReturnType<typeof db.accessRequest.findFirst>>>;

export const toAccessRequest = (r: Row, decidedBy: string | null) => ({
  id: r.id,
  object: 'access_request' as const,
  link_id: r.linkId,
  dataroom_id: r.dataroomId,
  email: r.email,
  message: r.message,
  status: r.status as RequestStatus,
  decided_by: decidedBy,
  decided_at: r.decidedAt ? iso(r.decidedAt) : null,
  created: iso(r.createdAt),
});

/** The deciders' emails by user id. */
async function deciders(q: Pick<Tx, 'user'>, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.decidedById).filter((x): x is string => !!x))];
  if (!ids.length) return new Map<string, string>();
  return new Map((await q.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
}

async function toObjects(q: Pick<Tx, 'user'>, rows: Row[]) {
  const who = await deciders(q, rows);
  return rows.map((r) => toAccessRequest(r, r.decidedById ? (who.get(r.decidedById) ?? null) : null));
}

/** Requests of the actor's team on live links; never the unverified drafts. */
const visible = (actor: Actor) => ({ teamId: actor.teamId, status: { in: [...REQUEST_STATUSES] as string[] }, link: { deletedAt: null } });

/** Newest first. */
export async function listAccessRequests(actor: Actor, q: { status?: RequestStatus; link_id?: string; limit: number; cursor?: string }) {
  const after = decodeCursor(q.cursor, 'number', 'string') as [number, string] | null;
  const rows = await db.accessRequest.findMany({
    where: {
      ...visible(actor),
      ...(q.status ? { status: q.status } : {}),
      ...(q.link_id ? { linkId: q.link_id } : {}),
      ...(after
        ? { OR: [{ createdAt: { lt: new Date(cursorInstant(after[0])) } }, { createdAt: new Date(cursorInstant(after[0])), id: { lt: after[1] } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  const objects = await toObjects(db, rows.slice(0, q.limit));
  const byId = new Map(objects.map((o) => [o.id, o]));
  return page(rows, q.limit, (r) => byId.get(r.id)!, (r) => [r.createdAt.getTime(), r.id]);
}

/** The team's pending count (the dashboard's navigation badge). */
export async function pendingAccessRequestCount(actor: Actor) {
  return { count: await db.accessRequest.count({ where: { ...visible(actor), status: 'pending' } }) };
}

async function findRequest(tx: Tx, actor: Actor, id: string, lock = false): Promise<Row> {
  if (lock) await tx.$executeRaw`SELECT 1 FROM access_requests WHERE id = ${id} AND team_id = ${actor.teamId} FOR UPDATE`;
  const r = await tx.accessRequest.findFirst({ where: { id, ...visible(actor) } });
  if (!r) throw notFound('Access request');
  return r;
}

export async function getAccessRequest(actor: Actor, id: string) {
  return (await toObjects(db, [await findRequest(db, actor, id)]))[0]!;
}

const decider = (actor: Actor) => actor.userId ?? null;

export async function decideAccessRequest(actor: Actor, id: string, decision: 'approved' | 'denied') {
  const before = await db.accessRequest.findFirst({ where: { id, ...visible(actor) }, include: { link: { select: { slug: true } } } });
  if (!before) throw notFound('Access request');
  // The link as the viewer sees it before the change: a session current under it stays current after.
  const stateBefore = await loadViewerState(before.link.slug);
  const result = await db.$transaction(async (tx) => {
    const r = await findRequest(tx, actor, id, true);
    if (r.status !== 'pending') throw conflict(`This request was already ${r.status}.`, { status: r.status });
    const link = await tx.link.findFirst({ where: { id: r.linkId, teamId: actor.teamId, deletedAt: null } });
    if (!link) throw notFound('Access request');
    if (decision === 'approved') {
      if (link.audienceType === 'group') {
        if (!link.groupId || !link.dataroomId) throw new ApiError('conflict', 'This group link has no group any more.');
        const room = await findRoom(tx, actor, link.dataroomId, 'share');
        await addMembersIn(tx, actor, room, link.groupId, [r.email]);
      } else if (link.allowList.length && !link.allowList.includes(r.email)) {
        // An empty allow list admits everyone the deny list does not name: adding one entry would
        // shut everyone else out, so only a list that exists grows. The deny list loses the address.
        await tx.link.update({ where: { id: link.id }, data: { allowList: [...link.allowList, r.email] } });
      }
      if (link.denyList.includes(r.email)) await tx.link.update({ where: { id: link.id }, data: { denyList: link.denyList.filter((e) => e !== r.email) } });
    }
    const updated = await tx.accessRequest.update({ where: { id: r.id }, data: { status: decision, decidedAt: new Date(), decidedById: decider(actor) } });
    const object = (await toObjects(tx, [updated]))[0]!;
    await emit(tx, actor, { type: decision === 'approved' ? 'access_request.approved' : 'access_request.denied', object, dataroomId: r.dataroomId });
    return { object, link, sessionId: r.sessionId };
  });

  if (decision === 'approved' && result.sessionId && stateBefore.state !== 'not_found') {
    const after = await loadViewerState(result.link.slug);
    if (after.state !== 'not_found') {
      const oldKey = accessKey(stateBefore.link);
      // The asking session proved the address with a one-time code: it comes back verified under
      // the new settings (its password answer only if it was current before the change).
      await db.$executeRaw`
        UPDATE viewer_sessions SET email = ${result.object.email}, verified = true, viewer_id = NULL, admitted_at = NULL,
          password_ok = password_ok AND COALESCE(access_key = ${oldKey}, false), access_key = ${accessKey(after.link)}
        WHERE id = ${result.sessionId} AND link_id = ${result.link.id} AND expires_at > now()`;
    }
  }
  const to = result.object.email;
  const name = await sharedName(db, result.link);
  await queueMail(
    db,
    decision === 'approved'
      ? { link: { to, kind: 'access request approved', subject: `Your access to ${name} was approved`, intro: `Your request to view ${name} was approved.`, actionLabel: 'Open', url: linkUrl(result.link.slug) } }
      : { notice: { to, kind: 'access request denied', subject: `Your request to view ${name}`, text: `Your request to view ${name} was declined.\n`, logValue: 'declined' } },
    actor.teamId,
  );
  return result.object;
}
