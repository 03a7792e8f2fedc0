// The dashboard's team rules, through the real routers on the test server's database:
// roles, the last admin, invitations, tokens, and not-found across teams.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from '../server/trpc';
import { inProcessCaller } from './support/in-process';

let caller: (ctx: Context) => any;
let db: typeof import('../server/db/client').db;
let authenticateToken: typeof import('../server/auth/tokens').authenticateToken;
let roleIn: typeof import('../server/services/teams').roleIn;

beforeAll(async () => {
  caller = await inProcessCaller();
  ({ db } = await import('../server/db/client'));
  ({ authenticateToken } = await import('../server/auth/tokens'));
  ({ roleIn } = await import('../server/services/teams'));
});

afterAll(() => vi.restoreAllMocks());

let n = 0;
async function newUser(tag: string) {
  return db.user.create({ data: { email: `${tag}.${Date.now().toString(36)}${n++}@example.com` } });
}

type U = { id: string; email: string };

const anon = (): Context => ({ face: 'dashboard', origin: 'http://127.0.0.1', user: null, actor: null });
const signedIn = (u: U): Context => ({ face: 'dashboard', origin: 'http://127.0.0.1', user: { id: u.id, email: u.email }, actor: null });
async function member(u: U, teamId: string): Promise<Context> {
  const role = await roleIn(u.id, teamId);
  if (!role) throw new Error('not a member');
  return { ...signedIn(u), actor: { kind: 'user', userId: u.id, teamId, role, plan: 'free' } };
}

async function teamOf(u: U, name: string) {
  const team = await caller(signedIn(u)).teams.create({ name });
  return { team, ctx: await member(u, team.id) };
}

const codeOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e: { code?: string }) => e.code);

describe('teams', () => {
  it('makes the creator the admin and derives a unique slug from the name', async () => {
    const a = await newUser('founder');
    const name = `Acme ${Date.now().toString(36)}`;
    const first = await caller(signedIn(a)).teams.create({ name });
    const second = await caller(signedIn(a)).teams.create({ name: `  ${name} ` });
    expect(first).toMatchObject({ object: 'team', role: 'admin', plan: 'free' });
    expect(second.slug).toBe(`${first.slug}-2`);
    const mine = await caller(signedIn(a)).teams.list();
    expect(mine.map((t: { id: string }) => t.id)).toEqual([first.id, second.id]);
  });

  it('refuses anonymous callers and team procedures without a team', async () => {
    expect(await codeOf(caller(anon()).teams.list())).toBe('UNAUTHORIZED');
    const u = await newUser('teamless');
    expect(await codeOf(caller(signedIn(u)).tokens.list())).toBe('FORBIDDEN');
  });

  it('never serves dashboard procedures to the REST face', async () => {
    const a = await newUser('rest');
    const { team } = await teamOf(a, 'Rest face');
    const rest: Context = { face: 'rest', origin: 'http://127.0.0.1', user: null, actor: { kind: 'token', via: 'dashboard', teamId: team.id, tokenId: 'x', scopes: new Set(), granted: [], plan: 'free', userId: null, expiresAt: null } };
    expect(await codeOf(caller(rest).tokens.list())).toBe('UNAUTHORIZED');
  });
});

describe('members', () => {
  it('keeps at least one admin, lets admins manage roles and members leave', async () => {
    const admin = await newUser('admin');
    const other = await newUser('other');
    const { team, ctx } = await teamOf(admin, 'Roles');
    await db.teamMember.create({ data: { id: `m${Date.now()}${n++}`, teamId: team.id, userId: other.id, role: 'member' } });
    const members = await caller(ctx).members.list();
    const me = members.find((m: { is_you: boolean }) => m.is_you);
    const them = members.find((m: { is_you: boolean }) => !m.is_you);

    expect(await codeOf(caller(ctx).members.changeRole({ id: me.id, role: 'member' }))).toBe('CONFLICT');
    expect(await codeOf(caller(ctx).members.remove({ id: me.id }))).toBe('CONFLICT');

    const otherCtx = await member(other, team.id);
    expect(await codeOf(caller(otherCtx).members.remove({ id: me.id }))).toBe('FORBIDDEN');
    expect(await codeOf(caller(otherCtx).members.changeRole({ id: them.id, role: 'admin' }))).toBe('FORBIDDEN');

    await caller(ctx).members.changeRole({ id: them.id, role: 'admin' });
    expect(await roleIn(other.id, team.id)).toBe('admin');
    // Now another admin exists, so the first one may leave.
    expect(await caller(ctx).members.remove({ id: me.id })).toMatchObject({ deleted: true, left_team: true });
    expect(await roleIn(admin.id, team.id)).toBeNull();
  });
});

describe('invitations', () => {
  it('mails a link whose token only the invited email can spend, once', async () => {
    const admin = await newUser('inviter');
    const invitee = await newUser('invitee');
    const stranger = await newUser('stranger');
    const { team, ctx } = await teamOf(admin, 'Invites');
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const inv = await caller(ctx).invitations.create({ email: invitee.email.toUpperCase(), role: 'manager' });
    const line = log.mock.calls.map((c) => String(c[0])).find((l) => l.includes(`invitation link for ${invitee.email}`));
    log.mockRestore();
    expect(inv).toMatchObject({ email: invitee.email, role: 'manager', expired: false });
    const token = /\/invite\/([A-Za-z0-9_-]+)$/.exec(line ?? '')?.[1];
    expect(token).toBeTruthy();
    const row = await db.invitation.findUniqueOrThrow({ where: { id: inv.id } });
    expect(row.tokenHash).not.toContain(token);

    expect((await caller(signedIn(stranger)).invitations.preview({ token })).status).toBe('wrong_email');
    expect(await codeOf(caller(signedIn(stranger)).invitations.accept({ token }))).toBe('FORBIDDEN');

    expect(await caller(signedIn(invitee)).invitations.accept({ token })).toEqual({ team_id: team.id });
    expect(await roleIn(invitee.id, team.id)).toBe('manager');
    // A second click by the same person is harmless; the invitation is spent.
    expect(await caller(signedIn(invitee)).invitations.accept({ token })).toEqual({ team_id: team.id });
    expect((await caller(signedIn(invitee)).invitations.preview({ token })).status).toBe('accepted');
    expect(await caller(ctx).invitations.list()).toEqual([]);

    const managerCtx = await member(invitee, team.id);
    expect(await codeOf(caller(managerCtx).invitations.create({ email: 'x@example.com', role: 'admin' }))).toBe('FORBIDDEN');
    expect(await codeOf(caller(ctx).invitations.create({ email: invitee.email, role: 'member' }))).toBe('CONFLICT');
  });
});

describe('API tokens', () => {
  it('lets only admins mint and revoke, shows the secret once, and scopes everything by team', async () => {
    const admin = await newUser('tokens');
    const plain = await newUser('plain');
    const { team, ctx } = await teamOf(admin, 'Tokens');
    await db.teamMember.create({ data: { id: `m${Date.now()}${n++}`, teamId: team.id, userId: plain.id, role: 'member' } });
    const memberCtx = await member(plain, team.id);

    expect(await codeOf(caller(memberCtx).tokens.create({ name: 'x', scopes: ['apis.read'] }))).toBe('FORBIDDEN');
    expect(await codeOf(caller(ctx).tokens.create({ name: 'x', scopes: ['offline_access'] }))).toBe('BAD_REQUEST');

    const created = await caller(ctx).tokens.create({ name: 'CI', scopes: ['documents.read', 'apis.all'] });
    expect(created.token).toMatch(/^quire_live_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({ name: 'CI', scopes: ['apis.all'], last4: created.token.slice(-4), created_by: admin.email });
    const listed = await caller(memberCtx).tokens.list();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.token);

    const outsider = await newUser('outsider');
    const { ctx: outsiderCtx } = await teamOf(outsider, 'Elsewhere');
    expect(await codeOf(caller(outsiderCtx).tokens.revoke({ id: created.id }))).toBe('NOT_FOUND');
    expect(await codeOf(caller(memberCtx).tokens.revoke({ id: created.id }))).toBe('FORBIDDEN');

    expect(await authenticateToken(created.token)).toMatchObject({ teamId: team.id });
    await caller(ctx).tokens.revoke({ id: created.id });
    expect(await authenticateToken(created.token)).toBeNull();
    expect(await caller(ctx).tokens.list()).toEqual([]);
    expect(await codeOf(caller(ctx).tokens.revoke({ id: created.id }))).toBe('NOT_FOUND');
  });
});

describe('library listing', () => {
  it('sorts by name with keyset pages and hides other teams’ folders', async () => {
    const a = await newUser('sorter');
    const { team, ctx } = await teamOf(a, 'Sorting');
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    for (const [i, name] of names.entries()) {
      await db.document.create({ data: { id: `d${Date.now()}${n++}`, teamId: team.id, name, type: 'link', contentType: 'text/uri-list', createdAt: new Date(Date.now() - (10 - i) * 1000) } });
    }
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await caller(ctx).documents.browse({ sort: 'name_asc', limit: 2, ...(cursor ? { cursor } : {}) });
      pages.push(page.data.map((d: { name: string }) => d.name));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(pages).toEqual([['Alpha', 'Bravo'], ['charlie', 'delta'], ['echo']]);
    const oldest = await caller(ctx).documents.browse({ sort: 'created_asc', limit: 1 });
    expect(oldest.data[0].name).toBe('delta');
    const desc = await caller(ctx).documents.browse({ sort: 'name_desc', query: 'a', limit: 10 });
    expect(desc.data.map((d: { name: string }) => d.name)).toEqual(['delta', 'charlie', 'Bravo', 'Alpha']);
    const mixed = await caller(ctx).documents.browse({ sort: 'name_asc', query: 'ALP', limit: 10 });
    expect(mixed.data.map((d: { name: string }) => d.name)).toEqual(['Alpha']);
    // A created-order cursor with an instant past year 9999 is refused, not sent to the database.
    const far = Buffer.from(JSON.stringify(['created_asc', 8.64e15, 'x'])).toString('base64url');
    expect(await codeOf(caller(ctx).documents.browse({ sort: 'created_asc', limit: 1, cursor: far }))).toBe('UNPROCESSABLE_CONTENT');

    const b = await newUser('snoop');
    const { ctx: otherCtx } = await teamOf(b, 'Snoop');
    const folder = await caller(ctx).folders.create({ name: 'Private' });
    expect(await codeOf(caller(otherCtx).documents.browse({ sort: 'name_asc', folderId: folder.id }))).toBe('NOT_FOUND');
  });
});
