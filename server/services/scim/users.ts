// SCIM Users (RFC 7644 §3): the team's members as the identity provider provisions them. userName
// is the email address the member signs in with (immutable once provisioned: the account's email
// is shared by every team the person is in). POST of an address that is already a member of the
// team adopts that membership; POST of one already provisioned is 409 uniqueness.
import { db, type Tx } from '../../db/client';
import type { TeamRole } from '../../auth/actor';
import { newId } from '../../ids';
import { isUniqueViolation } from '../locks';
import { ScimError, scimInvalid, scimNotFound } from './errors';
import { LIST_SCHEMA, MAX_RESULTS, PATCH_SCHEMA, SCHEMAS } from './discovery';
import { activate, deactivate, type ScimActor, type ScimUserRow } from './membership';
import { parseEqFilter, paging } from './query';

export const GROUP_OF_ROLE: Record<TeamRole, string> = { admin: 'admins', manager: 'managers', member: 'members' };

export type ScimCtx = { actor: ScimActor; base: string };

export function toScimUser(u: ScimUserRow, role: TeamRole | null, base: string) {
  const formatted = [u.givenName, u.familyName].filter(Boolean).join(' ') || null;
  return {
    schemas: [SCHEMAS.user],
    id: u.id,
    ...(u.externalId ? { externalId: u.externalId } : {}),
    userName: u.userName,
    name: { givenName: u.givenName, familyName: u.familyName, formatted },
    displayName: u.displayName ?? formatted,
    emails: [{ value: u.userName, type: 'work', primary: true }],
    active: u.active,
    groups: role && u.active ? [{ value: GROUP_OF_ROLE[role], display: GROUP_OF_ROLE[role], $ref: `${base}/Groups/${GROUP_OF_ROLE[role]}` }] : [],
    meta: {
      resourceType: 'User',
      created: u.createdAt.toISOString(),
      lastModified: u.updatedAt.toISOString(),
      location: `${base}/Users/${u.id}`,
    },
  };
}

/** The roles of the team's members among these users, by user id. */
async function rolesOf(tx: Tx | typeof db, teamId: string, userIds: string[]): Promise<Map<string, TeamRole>> {
  const rows = await tx.teamMember.findMany({ where: { teamId, userId: { in: userIds } }, select: { userId: true, role: true } });
  return new Map(rows.map((r) => [r.userId, r.role]));
}

async function findUser(tx: Tx | typeof db, ctx: ScimCtx, id: string): Promise<ScimUserRow> {
  const u = await tx.scimUser.findFirst({ where: { id, teamId: ctx.actor.teamId } });
  if (!u) throw scimNotFound('User', id);
  return u;
}

async function view(tx: Tx | typeof db, ctx: ScimCtx, u: ScimUserRow) {
  const role = (await rolesOf(tx, ctx.actor.teamId, [u.userId])).get(u.userId) ?? null;
  return toScimUser(u, role, ctx.base);
}

const FILTERABLE = { username: 'userName', externalid: 'externalId', id: 'id' } as const;

export async function listUsers(ctx: ScimCtx, q: URLSearchParams) {
  const { startIndex, count } = paging(q);
  const filter = parseEqFilter(q.get('filter'), FILTERABLE);
  const where = {
    teamId: ctx.actor.teamId,
    ...(filter ? (filter.attr === 'userName' ? { userName: filter.value.toLowerCase() } : { [filter.attr]: filter.value }) : {}),
  };
  const [total, rows] = await Promise.all([
    db.scimUser.count({ where }),
    db.scimUser.findMany({ where, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], skip: startIndex - 1, take: count }),
  ]);
  const roles = await rolesOf(db, ctx.actor.teamId, rows.map((r) => r.userId));
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((u) => toScimUser(u, roles.get(u.userId) ?? null, ctx.base)),
  };
}

export const getUser = async (ctx: ScimCtx, id: string) => view(db, ctx, await findUser(db, ctx, id));

type Fields = { userName?: string; externalId?: string | null; displayName?: string | null; givenName?: string | null; familyName?: string | null; active?: boolean };

const EMAIL_RE = /^[^\s@"<>()]+@[^\s@"<>()]+\.[^\s@"<>()]+$/;

function str(v: unknown, name: string, max = 256): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string') throw scimInvalid(`${name} must be a string.`);
  const t = v.trim();
  if (t.length > max) throw scimInvalid(`${name} is longer than ${max} characters.`);
  return t || null;
}

/** Booleans as SCIM clients send them (Azure AD sends "True"/"False"). */
function bool(v: unknown, name: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw scimInvalid(`${name} must be a boolean.`);
}

function emailOf(v: unknown): string {
  const s = str(v, 'userName', 254);
  if (!s) throw scimInvalid('userName is required.');
  if (!EMAIL_RE.test(s)) throw scimInvalid('userName must be the email address the member signs in with.');
  return s.toLowerCase();
}

/** The fields a full User resource (POST, PUT) sets. */
function fieldsOfResource(body: unknown): Fields & { userName: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw scimInvalid('The body must be a User resource.', 'invalidSyntax');
  const b = body as Record<string, unknown>;
  if (Array.isArray(b.schemas) && !b.schemas.includes(SCHEMAS.user)) throw scimInvalid(`schemas must include ${SCHEMAS.user}.`, 'invalidSyntax');
  const name = (b.name && typeof b.name === 'object' ? b.name : {}) as Record<string, unknown>;
  return {
    userName: emailOf(b.userName),
    externalId: str(b.externalId, 'externalId'),
    displayName: str(b.displayName, 'displayName'),
    givenName: str(name.givenName, 'name.givenName'),
    familyName: str(name.familyName, 'name.familyName'),
    active: b.active === undefined ? true : bool(b.active, 'active'),
  };
}

/** Applies `active` to the membership when it changes. */
async function applyActive(tx: Tx, ctx: ScimCtx, before: ScimUserRow, after: ScimUserRow) {
  if (before.active && !after.active) await deactivate(tx, ctx.actor, after);
  else if (!before.active && after.active) await activate(tx, ctx.actor, after);
}

function uniqueness(e: unknown, userName: string): never {
  if (isUniqueViolation(e)) throw new ScimError(409, `A user with userName ${userName} already exists.`, 'uniqueness');
  throw e;
}

export async function createUser(ctx: ScimCtx, body: unknown) {
  const f = fieldsOfResource(body);
  const teamId = ctx.actor.teamId;
  try {
    return await db.$transaction(async (tx) => {
      if (await tx.scimUser.findUnique({ where: { teamId_userName: { teamId, userName: f.userName } } })) {
        throw new ScimError(409, `A user with userName ${f.userName} already exists.`, 'uniqueness');
      }
      const displayName = f.displayName ?? ([f.givenName, f.familyName].filter(Boolean).join(' ') || null);
      const user = await tx.user.upsert({ where: { email: f.userName }, create: { email: f.userName, name: displayName }, update: {} });
      if (!user.name && displayName) await tx.user.update({ where: { id: user.id }, data: { name: displayName } });
      const row = await tx.scimUser.create({
        data: { id: newId(), teamId, userId: user.id, userName: f.userName, externalId: f.externalId, displayName: f.displayName, givenName: f.givenName, familyName: f.familyName, active: f.active ?? true },
      });
      if (row.active) await activate(tx, ctx.actor, row);
      return view(tx, ctx, row);
    });
  } catch (e) {
    return uniqueness(e, f.userName);
  }
}

export async function replaceUser(ctx: ScimCtx, id: string, body: unknown) {
  const f = fieldsOfResource(body);
  return db.$transaction(async (tx) => {
    const before = await findUser(tx, ctx, id);
    if (f.userName !== before.userName) throw new ScimError(400, 'userName cannot be changed once provisioned.', 'mutability');
    const after = await tx.scimUser.update({
      where: { id },
      data: { externalId: f.externalId ?? null, displayName: f.displayName ?? null, givenName: f.givenName ?? null, familyName: f.familyName ?? null, active: f.active ?? true },
    });
    await applyActive(tx, ctx, before, after);
    return view(tx, ctx, after);
  });
}

/** One attribute path of a PATCH operation, applied to the fields being built. */
function setPath(out: Fields, path: string, value: unknown, current: ScimUserRow) {
  const p = path.trim();
  const lower = p.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, '');
  switch (lower) {
    case 'active':
      out.active = bool(value, 'active');
      return;
    case 'externalid':
      out.externalId = str(value, 'externalId');
      return;
    case 'displayname':
      out.displayName = str(value, 'displayName');
      return;
    case 'name.givenname':
      out.givenName = str(value, 'name.givenName');
      return;
    case 'name.familyname':
      out.familyName = str(value, 'name.familyName');
      return;
    case 'name': {
      const n = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
      if ('givenName' in n) out.givenName = str(n.givenName, 'name.givenName');
      if ('familyName' in n) out.familyName = str(n.familyName, 'name.familyName');
      return;
    }
    case 'username':
    case 'emails[type eq "work"].value':
    case 'emails':
      if (lower === 'username' && emailOf(value) === current.userName) return;
      throw new ScimError(400, 'userName cannot be changed once provisioned.', 'mutability');
    default:
      throw new ScimError(400, `The attribute ${p} cannot be changed here.`, 'invalidPath');
  }
}

export async function patchUser(ctx: ScimCtx, id: string, body: unknown) {
  const b = (body ?? {}) as { schemas?: unknown; Operations?: unknown };
  if (!Array.isArray(b.schemas) || !b.schemas.includes(PATCH_SCHEMA)) throw scimInvalid(`schemas must be ["${PATCH_SCHEMA}"].`, 'invalidSyntax');
  if (!Array.isArray(b.Operations) || b.Operations.length === 0) throw scimInvalid('Operations must be a non-empty array.', 'invalidSyntax');
  return db.$transaction(async (tx) => {
    const before = await findUser(tx, ctx, id);
    const f: Fields = {};
    for (const raw of b.Operations as unknown[]) {
      const op = (raw ?? {}) as { op?: unknown; path?: unknown; value?: unknown };
      const kind = typeof op.op === 'string' ? op.op.toLowerCase() : '';
      if (!['add', 'replace', 'remove'].includes(kind)) throw scimInvalid(`op must be add, replace or remove.`, 'invalidSyntax');
      const value = kind === 'remove' ? null : op.value;
      if (typeof op.path === 'string' && op.path) setPath(f, op.path, value, before);
      else if (kind !== 'remove' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const [k, v] of Object.entries(value as Record<string, unknown>)) setPath(f, k, v, before);
      } else throw scimInvalid('An operation without a path needs an object value.', 'noTarget');
    }
    if (f.active === null) throw scimInvalid('active cannot be removed.', 'mutability');
    const after = await tx.scimUser.update({ where: { id }, data: f });
    await applyActive(tx, ctx, before, after);
    return view(tx, ctx, after);
  });
}

/** Deprovisions (when active) and forgets the SCIM user; the account itself stays (other teams). */
export async function deleteUser(ctx: ScimCtx, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const u = await findUser(tx, ctx, id);
    if (u.active) await deactivate(tx, ctx.actor, u);
    await tx.scimUser.delete({ where: { id } });
  });
}

export { MAX_RESULTS };
