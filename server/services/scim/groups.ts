// SCIM Groups: the team's three roles, fixed (admins, managers, members), with the provisioned
// users holding each role as members. Adding a user to `admins` or `managers` gives them that
// role; removing them drops them to `member`. Membership of `members` follows the user's `active`
// (removing someone from it changes nothing: deactivate the user instead). Groups cannot be
// created or deleted. The team always keeps an admin (409 otherwise).
import { db, type Tx } from '../../db/client';
import type { TeamRole } from '../../auth/actor';
import { emit } from '../events/emit';
import { lockTeam } from '../locks';
import { memberEventObject } from '../member-object';
import { ScimError, scimInvalid, scimNotFound } from './errors';
import { LIST_SCHEMA, PATCH_SCHEMA, SCHEMAS } from './discovery';
import { parseEqFilter, paging } from './query';
import type { ScimCtx } from './users';

const ROLE_OF_GROUP: Record<string, TeamRole> = { admins: 'admin', managers: 'manager', members: 'member' };
const GROUPS = Object.keys(ROLE_OF_GROUP);

function roleOf(id: string): TeamRole {
  const role = ROLE_OF_GROUP[id];
  if (!role) throw scimNotFound('Group', id);
  return role;
}

async function groupResource(ctx: ScimCtx, id: string, withMembers: boolean) {
  const role = ROLE_OF_GROUP[id]!;
  const members = withMembers
    ? await db.scimUser.findMany({
        where: { teamId: ctx.actor.teamId, active: true, user: { memberships: { some: { teamId: ctx.actor.teamId, role } } } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        select: { id: true, userName: true },
      })
    : null;
  return {
    schemas: [SCHEMAS.group],
    id,
    displayName: id,
    ...(members ? { members: members.map((m) => ({ value: m.id, display: m.userName, $ref: `${ctx.base}/Users/${m.id}` })) } : {}),
    meta: { resourceType: 'Group', location: `${ctx.base}/Groups/${id}` },
  };
}

const excludesMembers = (q: URLSearchParams) => /(^|,)\s*members\s*(,|$)/i.test(q.get('excludedAttributes') ?? '');

export async function listGroups(ctx: ScimCtx, q: URLSearchParams) {
  const { startIndex, count } = paging(q);
  const filter = parseEqFilter(q.get('filter'), { displayname: 'displayName', id: 'id' } as const);
  const matching = GROUPS.filter((g) => !filter || g === filter.value);
  const page = matching.slice(startIndex - 1, startIndex - 1 + count);
  return {
    schemas: [LIST_SCHEMA],
    totalResults: matching.length,
    startIndex,
    itemsPerPage: page.length,
    Resources: await Promise.all(page.map((g) => groupResource(ctx, g, !excludesMembers(q)))),
  };
}

export async function getGroup(ctx: ScimCtx, id: string, q: URLSearchParams) {
  roleOf(id);
  return groupResource(ctx, id, !excludesMembers(q));
}

export function createGroup(body: unknown): never {
  const name = (body as { displayName?: unknown } | null)?.displayName;
  if (typeof name === 'string' && GROUPS.includes(name)) throw new ScimError(409, `The group ${name} exists; its id is ${name}.`, 'uniqueness');
  throw new ScimError(400, `Groups are the team's roles and cannot be created: use ${GROUPS.join(', ')}.`, 'mutability');
}

export function deleteGroup(id: string): never {
  roleOf(id);
  throw new ScimError(400, `The group ${id} is a team role and cannot be deleted.`, 'mutability');
}

/** Sets one provisioned, active user's role; emits member.updated when it changes. */
async function setRole(tx: Tx, ctx: ScimCtx, scimUserId: string, role: TeamRole) {
  const u = await tx.scimUser.findFirst({ where: { id: scimUserId, teamId: ctx.actor.teamId } });
  if (!u) throw new ScimError(404, `User ${scimUserId} not found.`);
  const m = await tx.teamMember.findUnique({ where: { teamId_userId: { teamId: ctx.actor.teamId, userId: u.userId } } });
  if (!u.active || !m) throw new ScimError(400, `User ${scimUserId} is not active; activate it before giving it a role.`, 'invalidValue');
  if (m.role === role) return;
  if (m.role === 'admin') {
    const others = await tx.teamMember.count({ where: { teamId: ctx.actor.teamId, role: 'admin', id: { not: m.id } } });
    if (others === 0) throw new ScimError(409, `${u.userName} is the team's only admin; make another member an admin first.`);
  }
  await tx.teamMember.update({ where: { id: m.id }, data: { role } });
  await emit(tx, ctx.actor, { type: 'member.updated', object: await memberEventObject(tx, m.id), changes: { role: [m.role, role] } });
}

const memberIds = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : value && typeof value === 'object' && 'members' in value ? (value as { members: unknown }).members : null;
  if (!Array.isArray(list)) throw scimInvalid('members must be an array of { value }.', 'invalidSyntax');
  return list.map((m) => {
    const v = (m as { value?: unknown } | null)?.value;
    if (typeof v !== 'string' || !v) throw scimInvalid('Each member needs a value (the user id).', 'invalidSyntax');
    return v;
  });
};

/** Replaces the group's members: listed users get the role, others holding it become members. */
async function replaceMembers(tx: Tx, ctx: ScimCtx, role: TeamRole, ids: string[]) {
  if (role === 'member') return;
  const holders = await tx.scimUser.findMany({ where: { teamId: ctx.actor.teamId, active: true, user: { memberships: { some: { teamId: ctx.actor.teamId, role } } } }, select: { id: true } });
  for (const id of ids) await setRole(tx, ctx, id, role);
  for (const h of holders) if (!ids.includes(h.id)) await setRole(tx, ctx, h.id, 'member');
}

export async function patchGroup(ctx: ScimCtx, id: string, body: unknown, q: URLSearchParams) {
  const role = roleOf(id);
  const b = (body ?? {}) as { schemas?: unknown; Operations?: unknown };
  if (!Array.isArray(b.schemas) || !b.schemas.includes(PATCH_SCHEMA)) throw scimInvalid(`schemas must be ["${PATCH_SCHEMA}"].`, 'invalidSyntax');
  if (!Array.isArray(b.Operations) || !b.Operations.length) throw scimInvalid('Operations must be a non-empty array.', 'invalidSyntax');
  await db.$transaction(async (tx) => {
    await lockTeam(tx, ctx.actor.teamId);
    for (const raw of b.Operations as unknown[]) {
      const op = (raw ?? {}) as { op?: unknown; path?: unknown; value?: unknown };
      const kind = typeof op.op === 'string' ? op.op.toLowerCase() : '';
      const path = typeof op.path === 'string' ? op.path.trim() : '';
      // `members[value eq "id"]`: the one member a remove names in its path.
      const one = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i.exec(path);
      if (path && !one && path.toLowerCase() !== 'members') {
        if (path.toLowerCase() === 'displayname') throw new ScimError(400, 'A group’s name cannot be changed.', 'mutability');
        throw new ScimError(400, `The attribute ${path} cannot be changed here.`, 'invalidPath');
      }
      if (kind === 'add') {
        if (role !== 'member') for (const m of memberIds(op.value)) await setRole(tx, ctx, m, role);
      } else if (kind === 'remove') {
        const ids = one ? [one[1]!] : op.value === undefined ? null : memberIds(op.value);
        if (role === 'member') continue;
        const targets = ids ?? (await tx.scimUser.findMany({ where: { teamId: ctx.actor.teamId, active: true, user: { memberships: { some: { teamId: ctx.actor.teamId, role } } } }, select: { id: true } })).map((u) => u.id);
        for (const m of targets) await setRole(tx, ctx, m, 'member');
      } else if (kind === 'replace') {
        await replaceMembers(tx, ctx, role, memberIds(op.value));
      } else throw scimInvalid('op must be add, replace or remove.', 'invalidSyntax');
    }
  });
  return getGroup(ctx, id, q);
}

export async function replaceGroup(ctx: ScimCtx, id: string, body: unknown, q: URLSearchParams) {
  const role = roleOf(id);
  const b = (body ?? {}) as { displayName?: unknown; members?: unknown };
  if (b.displayName !== undefined && b.displayName !== id) throw new ScimError(400, 'A group’s name cannot be changed.', 'mutability');
  await db.$transaction(async (tx) => {
    await lockTeam(tx, ctx.actor.teamId);
    await replaceMembers(tx, ctx, role, b.members === undefined ? [] : memberIds(b.members));
  });
  return getGroup(ctx, id, q);
}
