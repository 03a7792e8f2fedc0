// Access requests, the team's side (DESIGN.md "Agreements (NDA before access), invitations,
// access requests"): list, get, approve (a group link: the email joins the group; a general
// link: it joins the allow list), deny. The visitor is mailed the outcome; an approved request
// also lets the browser session that asked in on its next visit, without the code again.
import type { Actor } from '../../auth/actor';
import { queueMail } from '../../auth/mail-queue';
import { db, type Tx } from '../../db/client';
import { ApiError, conflict, invalid, notFound } from '../../errors';
import { cursorInstant, decodeCursor, iso, page } from '../../schemas/common';
import { addMembersIn } from '../datarooms/groups';
import { findRoom } from '../room-lookup';
import { emit } from '../events/emit';
import { linkUrlBySlug } from '../domains/link-domain';
import { sharedName } from '../links/shared-name';
import { accessKey, loadViewerState } from '../visitor/links';

export const REQUEST_STATUSES = ['pending', 'approved', 'denied'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

type Row = NonNullable<Awaited<ReturnType<typeof db.accessRequest.findFirst>>>;

/** Where an approved address went: a group of the link's room, or the link's allow list. */
export type Granted = { type: 'group'; group_id: string; group_name: string | null } | { type: 'allow_list' } | null;

/** What the team reads beside a request: the link, its room, the group a group link admits (where approval goes by default). */
type Context = { linkName: string | null; roomName: string | null; linkGroup: { id: string; name: string } | null; granted: Granted };

export const toAccessRequest = (r: Row, decidedBy: string | null, c: Context) => ({
  id: r.id,
  object: 'access_request' as const,
  link_id: r.linkId,
  link_name: c.linkName,
  dataroom_id: r.dataroomId,
  dataroom_name: c.roomName,
  link_group: c.linkGroup,
  email: r.email,
  message: r.message,
  status: r.status as RequestStatus,
  granted: c.granted,
  decided_by: decidedBy,
  decided_at: r.decidedAt ? iso(r.decidedAt) : null,
  created: iso(r.createdAt),
});

export type AccessRequestObject = ReturnType<typeof toAccessRequest>;

/** The deciders' emails by user id. */
async function deciders(q: Pick<Tx, 'user'>, rows: Row[]) {
  const ids = [...new Set(rows.map((r) => r.decidedById).filter((x): x is string => !!x))];
  if (!ids.length) return new Map<string, string>();
  return new Map((await q.user.findMany({ where: { id: { in: ids } }, select: { id: true, email: true } })).map((u) => [u.id, u.email]));
}

export async function toObjects(q: Pick<Tx, 'user' | 'link' | 'dataroom' | 'viewerGroup'>, rows: Row[]) {
  const who = await deciders(q, rows);
  const links = new Map(
    (await q.link.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.linkId))] } }, select: { id: true, name: true, groupId: true, audienceType: true } })).map((l) => [l.id, l]),
  );
  const roomIds = [...new Set(rows.map((r) => r.dataroomId).filter((x): x is string => !!x))];
  const rooms = new Map((roomIds.length ? await q.dataroom.findMany({ where: { id: { in: roomIds } }, select: { id: true, name: true } }) : []).map((d) => [d.id, d.name]));
  const groupIds = [...new Set([...[...links.values()].map((l) => l.groupId), ...rows.map((r) => r.grantedGroupId)].filter((x): x is string => !!x))];
  const groups = new Map((groupIds.length ? await q.viewerGroup.findMany({ where: { id: { in: groupIds } }, select: { id: true, name: true } }) : []).map((g) => [g.id, g.name]));
  return rows.map((r) => {
    const link = links.get(r.linkId);
    const linkGroup = link?.audienceType === 'group' && link.groupId ? { id: link.groupId, name: groups.get(link.groupId) ?? '' } : null;
    // Rows approved before granted_to was kept went where the link sent them.
    const to = r.status !== 'approved' ? null : (r.grantedTo ?? (linkGroup ? 'group' : 'allow_list'));
    const groupId = r.grantedGroupId ?? linkGroup?.id ?? null;
    const granted: Granted = to === 'group' && groupId ? { type: 'group', group_id: groupId, group_name: groups.get(groupId) ?? null } : to ? { type: 'allow_list' } : null;
    return toAccessRequest(r, r.decidedById ? (who.get(r.decidedById) ?? null) : null, {
      linkName: link?.name ?? null,
      roomName: r.dataroomId ? (rooms.get(r.dataroomId) ?? null) : null,
      linkGroup,
      granted,
    });
  });
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

/**
 * Approve or deny. `groupId` (approve only): the group of the link's room the address joins,
 * instead of the link's own group (a group link) or its allow list (a general link).
 */
export async function decideAccessRequest(actor: Actor, id: string, decision: 'approved' | 'denied', groupId?: string | null) {
  const before = await db.accessRequest.findFirst({ where: { id, ...visible(actor) }, include: { link: { select: { slug: true } } } });
  if (!before) throw notFound('Access request');
  // The link as the viewer sees it before the change: a session current under it stays current after.
  const stateBefore = await loadViewerState(before.link.slug);
  const result = await db.$transaction(async (tx) => {
    const r = await findRequest(tx, actor, id, true);
    if (r.status !== 'pending') throw conflict(`This request was already ${r.status}.`, { status: r.status });
    const link = await tx.link.findFirst({ where: { id: r.linkId, teamId: actor.teamId, deletedAt: null } });
    if (!link) throw notFound('Access request');
    let granted: { grantedTo: string; grantedGroupId: string | null } | null = null;
    /** The slug of the link the visitor is sent when they joined a group this link does not admit. */
    let elsewhere: string | null = null;
    if (decision === 'approved') {
      const target = groupId ?? (link.audienceType === 'group' ? link.groupId : null);
      if (groupId && !link.dataroomId) throw invalid('group_id', 'this request came through a document link, which has no groups; leave group_id out to add the address to the link\'s allow list.');
      if (target) {
        if (!link.dataroomId) throw new ApiError('conflict', 'This group link has no group any more.');
        const group = await tx.viewerGroup.findFirst({ where: { id: target, dataroom: { teamId: actor.teamId } }, select: { id: true, name: true, dataroomId: true } });
        if (!group) {
          if (groupId) throw notFound('Group');
          throw new ApiError('conflict', 'This group link has no group any more.');
        }
        if (group.dataroomId !== link.dataroomId) throw invalid('group_id', `the group "${group.name}" belongs to another data room; pick a group of the room this link shares.`);
        if (group.id !== link.groupId) {
          // Another group: the visitor is mailed that group's link, since this one does not admit them.
          const other = await tx.link.findFirst({
            where: { teamId: actor.teamId, groupId: group.id, audienceType: 'group', deletedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
            orderBy: { createdAt: 'desc' },
            select: { slug: true },
          });
          if (!other) throw invalid('group_id', `the group "${group.name}" has no live link to send the visitor; create a link for that group first.`);
          elsewhere = other.slug;
        }
        const room = await findRoom(tx, actor, link.dataroomId, 'share');
        await addMembersIn(tx, actor, room, group.id, [r.email]);
        granted = { grantedTo: 'group', grantedGroupId: group.id };
      } else {
        if (link.allowList.length && !link.allowList.includes(r.email)) {
          // An empty allow list admits everyone the deny list does not name: adding one entry would
          // shut everyone else out, so only a list that exists grows. The deny list loses the address.
          await tx.link.update({ where: { id: link.id }, data: { allowList: [...link.allowList, r.email] } });
        }
        granted = { grantedTo: 'allow_list', grantedGroupId: null };
      }
      if (link.denyList.includes(r.email)) await tx.link.update({ where: { id: link.id }, data: { denyList: link.denyList.filter((e) => e !== r.email) } });
    }
    const updated = await tx.accessRequest.update({ where: { id: r.id }, data: { status: decision, decidedAt: new Date(), decidedById: decider(actor), ...granted } });
    const object = (await toObjects(tx, [updated]))[0]!;
    await emit(tx, actor, { type: decision === 'approved' ? 'access_request.approved' : 'access_request.denied', object, dataroomId: r.dataroomId });
    return { object, link, sessionId: r.sessionId, elsewhere };
  });

  if (decision === 'approved' && !result.elsewhere && result.sessionId && stateBefore.state !== 'not_found') {
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
      ? { link: { to, kind: 'access request approved', subject: `Your access to ${name} was approved`, intro: `Your request to view ${name} was approved.`, actionLabel: 'Open', url: await linkUrlBySlug(result.elsewhere ?? result.link.slug) } }
      : { notice: { to, kind: 'access request denied', subject: `Your request to view ${name}`, text: `Your request to view ${name} was declined.\n`, logValue: 'declined' } },
    actor.teamId,
  );
  return result.object;
}
