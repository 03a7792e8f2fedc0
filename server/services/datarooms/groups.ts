// Viewer groups of a room and their explicit members. Members are visitors of the team (one per
// lower-cased email); adding is an idempotent bulk upsert that sends no mail. Deleting a group
// soft-deletes every link of the group first (they stop resolving, their views stay).
import type { Actor } from '../../auth/actor';
import { db, type Tx } from '../../db/client';
import { changesBetween, emit, emitMany } from '../events/emit';
import { notFound } from '../../errors';
import { newId } from '../../ids';
import { iso } from '../../schemas/common';
import { findGroup, seedGroupPermissions } from './permissions';
import { toGroup, withCount, type GroupRow } from './group-object';

export { toGroup };
import { findRoom } from './rooms';
import { assertGroupLinksFillWatermark } from '../links/links';

const loadGroup = async (id: string, tx: Tx = db) => toGroup((await tx.viewerGroup.findUniqueOrThrow({ where: { id }, include: withCount })) as GroupRow);

export async function listGroups(actor: Actor, roomId: string) {
  const room = await findRoom(db, actor, roomId);
  const rows = await db.viewerGroup.findMany({ where: { dataroomId: room.id }, include: withCount, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  return { data: rows.map((g) => toGroup(g as GroupRow)), next_cursor: null };
}

export async function getGroup(actor: Actor, roomId: string, groupId: string) {
  const room = await findRoom(db, actor, roomId);
  await findGroup(db, room, groupId);
  return loadGroup(groupId);
}

type GroupInput = { name?: string; domains?: string[]; allow_all?: boolean };

const uniqueDomains = (d: string[] | undefined) => (d ? [...new Set(d)] : undefined);

export async function createGroup(actor: Actor, roomId: string, input: GroupInput & { name: string }) {
  return db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId, 'share');
    const g = await tx.viewerGroup.create({
      data: { id: newId(), dataroomId: room.id, name: input.name, domains: uniqueDomains(input.domains) ?? [], allowAll: input.allow_all ?? false },
    });
    await seedGroupPermissions(tx, room, g.id);
    const group = toGroup({ ...g, _count: { memberships: 0 } });
    await emit(tx, actor, { type: 'dataroom.group.created', object: group, dataroomId: room.id });
    return group;
  });
}

/** Partial: omitted fields keep their value. */
export async function updateGroup(actor: Actor, roomId: string, groupId: string, input: GroupInput) {
  return db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId);
    await findGroup(tx, room, groupId);
    const before = await loadGroup(groupId, tx);
    if (input.allow_all === true && !before.allow_all) await assertGroupLinksFillWatermark(tx, groupId);
    await tx.viewerGroup.update({ where: { id: groupId }, data: { name: input.name, domains: uniqueDomains(input.domains), allowAll: input.allow_all } });
    const after = await loadGroup(groupId, tx);
    await emit(tx, actor, { type: 'dataroom.group.updated', object: after, changes: changesBetween(before, after), dataroomId: room.id });
    return after;
  });
}

export async function deleteGroup(actor: Actor, roomId: string, groupId: string) {
  await db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId, 'share');
    await findGroup(tx, room, groupId);
    await tx.link.updateMany({ where: { groupId, deletedAt: null }, data: { deletedAt: new Date() } });
    await tx.viewerGroup.delete({ where: { id: groupId } });
    await emit(tx, actor, { type: 'dataroom.group.deleted', object: { id: groupId, object: 'dataroom_group', deleted: true }, dataroomId: room.id });
  });
  return { id: groupId, object: 'dataroom_group' as const, deleted: true as const };
}

export type MemberRow = { id: string; groupId: string; viewerId: string; email: string; createdAt: Date };

const toMember = (m: MemberRow) => ({
  id: m.id,
  object: 'dataroom_group_member' as const,
  group_id: m.groupId,
  visitor_id: m.viewerId,
  email: m.email,
  created: iso(m.createdAt),
});

/** Explicit members only (not viewers admitted by `domains` or `allow_all`), oldest first (one call: by email). */
export async function listMembers(actor: Actor, roomId: string, groupId: string) {
  const room = await findRoom(db, actor, roomId);
  await findGroup(db, room, groupId);
  const rows = await db.$queryRaw<MemberRow[]>`
    SELECT m.id, m.group_id AS "groupId", m.viewer_id AS "viewerId", v.email, m.created_at AS "createdAt"
    FROM viewer_group_memberships m JOIN viewers v ON v.id = m.viewer_id
    WHERE m.group_id = ${groupId} ORDER BY m.created_at, v.email, m.id`;
  return { data: rows.map(toMember), next_cursor: null };
}

/**
 * Up to 500 emails (validated and lower-cased by the schema): unknown addresses become visitors
 * of the team (invited to this room), existing members are kept; answers one membership per
 * distinct email, in request order. Concurrent overlapping adds meet on the unique keys.
 */
export async function addMembers(actor: Actor, roomId: string, groupId: string, emails: string[]) {
  const distinct = [...new Set(emails)];
  const rows = await db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId, 'share');
    await findGroup(tx, room, groupId);
    return addMembersIn(tx, actor, room, groupId, distinct);
  });
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  return { data: distinct.map((e) => toMember(byEmail.get(e)!)) };
}

/**
 * Adds distinct lower-cased emails to a group of `room` (found and share-locked by the caller),
 * inside the caller's transaction: visitors made as needed, one event per new membership.
 * Link invitations and approved access requests on a group link use it too.
 */
export async function addMembersIn(tx: Tx, actor: Actor, room: { id: string }, groupId: string, distinct: string[]): Promise<MemberRow[]> {
  const ids = distinct.map(() => newId());
  await tx.$executeRaw`
    INSERT INTO viewers (id, team_id, email, verified, dataroom_id, invited_at, created_at, updated_at)
    SELECT v.id, ${actor.teamId}, v.email, false, ${room.id}, now(), now(), now()
    FROM unnest(${ids}::text[], ${distinct}::text[]) AS v(id, email)
    ON CONFLICT (team_id, email) DO NOTHING`;
  const memberIds = distinct.map(() => newId());
  const added = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO viewer_group_memberships (id, group_id, viewer_id, created_at)
    SELECT m.id, ${groupId}, v.id, now()
    FROM unnest(${memberIds}::text[], ${distinct}::text[]) AS m(id, email)
    JOIN viewers v ON v.team_id = ${actor.teamId} AND v.email = m.email
    ON CONFLICT (group_id, viewer_id) DO NOTHING
    RETURNING id`;
  const members = await tx.$queryRaw<MemberRow[]>`
    SELECT m.id, m.group_id AS "groupId", m.viewer_id AS "viewerId", v.email, m.created_at AS "createdAt"
    FROM viewer_group_memberships m JOIN viewers v ON v.id = m.viewer_id
    WHERE m.group_id = ${groupId} AND v.team_id = ${actor.teamId} AND v.email = ANY(${distinct}::text[])`;
  // One event per membership that did not exist before, in request order.
  const isNew = new Set(added.map((r) => r.id));
  const byEmail = new Map(members.map((r) => [r.email, r]));
  const fresh = distinct.map((e) => byEmail.get(e)!).filter((m) => isNew.has(m.id));
  await emitMany(tx, actor, fresh.map((m) => ({ type: 'dataroom.member.added' as const, object: toMember(m), dataroomId: room.id })));
  return members;
}

/** By membership id; the visitor stays. */
export async function removeMember(actor: Actor, roomId: string, groupId: string, membershipId: string) {
  return db.$transaction(async (tx) => {
    const room = await findRoom(tx, actor, roomId);
    await findGroup(tx, room, groupId);
    const gone = await tx.viewerGroupMembership.deleteMany({ where: { id: membershipId, groupId } });
    if (gone.count === 0) throw notFound('Member');
    const deleted = { id: membershipId, object: 'dataroom_group_member' as const, deleted: true as const };
    await emit(tx, actor, { type: 'dataroom.member.removed', object: deleted, dataroomId: room.id });
    return deleted;
  });
}
