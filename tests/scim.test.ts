// SCIM 2.0 conformance over HTTP (RFC 7643/7644, DESIGN.md "Team security"): the per-team bearer
// token, Users (create, read, filter, page, replace, patch including deactivation, delete), the
// three role Groups, the discovery endpoints, SCIM's error schema, and deprovisioning that ends the
// member's sessions and OAuth grants at once.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, baseUrl, client, createToken, uniqueTeam, type Res } from './support/api';
import { useTestServerDatabase } from './support/in-process';

const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

type Scim = ReturnType<typeof scim>;
/**
 * A SCIM client as IdPs are: a 429 or 503 (the server's database saturated by the other files
 * running beside this one, or out of reach) is retried after its Retry-After, a few times.
 */
function scim(token: string | null) {
  const c = client(token);
  const h = { 'Content-Type': 'application/scim+json', Accept: 'application/scim+json' };
  const retrying = async (send: () => Promise<Res>): Promise<Res> => {
    for (let attempt = 1; ; attempt++) {
      const r = await send();
      if ((r.status !== 429 && r.status !== 503) || attempt === 5) return r;
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      await new Promise((done) => setTimeout(done, Number(r.headers.get('retry-after')) * 1000));
    }
  };
  return {
    get: (p: string) => retrying(() => c.get(`/scim/v2${p}`, h)),
    post: (p: string, b: unknown) => retrying(() => c.post(`/scim/v2${p}`, b, h)),
    put: (p: string, b: unknown) => retrying(() => c.put(`/scim/v2${p}`, b, h)),
    patch: (p: string, b: unknown) => retrying(() => c.patch(`/scim/v2${p}`, b, h)),
    del: (p: string) => retrying(() => c.del(`/scim/v2${p}`, h)),
  };
}

function scimError(r: { status: number; body: any; headers: Headers }, status: number, scimType?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('content-type')).toContain('application/scim+json');
  expect(r.body.schemas).toEqual([ERROR]);
  expect(r.body.status).toBe(String(status));
  expect(typeof r.body.detail).toBe('string');
  if (scimType) expect(r.body.scimType).toBe(scimType);
}

async function scimToken(team: string): Promise<string> {
  const { stdout } = await admin(['scim', 'token', 'create', '--team', team]);
  const lines = stdout.trim().split('\n');
  return lines[lines.length - 1]!;
}

const email = (who: string) => `${who}.${crypto.randomBytes(4).toString('hex')}@corp.example`;
const userBody = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});

let team: string;
let api: ReturnType<typeof client>;
let s: Scim;
let token: string;

beforeAll(async () => {
  team = uniqueTeam('scim');
  api = client((await createToken({ team, scopes: 'apis.all', plan: 'business' })).token);
  token = await scimToken(team);
  s = scim(token);
  await useTestServerDatabase();
});

describe('SCIM authentication', () => {
  it('refuses no token, a wrong one, a /v1 token and a replaced one, in the error schema', async () => {
    const none = await scim(null).get('/Users');
    scimError(none, 401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    scimError(await scim('quire_scim_' + 'a'.repeat(40)).get('/Users'), 401);
    scimError(await scim(token + 'x').get('/Users'), 401);
    scimError(await scim((await createToken({ team, scopes: 'apis.all' })).token).get('/Users'), 401);
    const other = uniqueTeam('scim-rot');
    await createToken({ team: other, scopes: 'documents.read', plan: 'business' });
    const first = await scimToken(other);
    expect((await scim(first).get('/Users')).status).toBe(200);
    const second = await scimToken(other);
    expect(second).toMatch(/^quire_scim_[0-9A-Za-z]{40}$/);
    scimError(await scim(first).get('/Users'), 401);
    expect((await scim(second).get('/Users')).status).toBe(200);
  });

  it('is refused below the business plan', async () => {
    const small = uniqueTeam('scim-free');
    await createToken({ team: small, scopes: 'documents.read', plan: 'pro' });
    scimError(await scim(await scimToken(small)).get('/Users'), 403);
  });
});

describe('SCIM discovery', () => {
  it('answers ServiceProviderConfig, ResourceTypes and Schemas', async () => {
    const spc = await s.get('/ServiceProviderConfig');
    expect(spc.status).toBe(200);
    expect(spc.body.patch.supported).toBe(true);
    expect(spc.body.filter).toEqual({ supported: true, maxResults: 200 });
    expect(spc.body.authenticationSchemes[0].type).toBe('oauthbearertoken');
    const rt = await s.get('/ResourceTypes');
    expect(rt.body.Resources.map((r: any) => r.id)).toEqual(['User', 'Group']);
    expect((await s.get('/ResourceTypes/User')).body.endpoint).toBe('/Users');
    const sc = await s.get('/Schemas');
    expect(sc.body.totalResults).toBe(2);
    const user = await s.get(`/Schemas/${USER}`);
    expect(user.body.attributes.find((a: any) => a.name === 'userName').uniqueness).toBe('server');
    scimError(await s.get('/Nope'), 404);
  });
});

describe('SCIM Users', () => {
  it('creates a user as a team member, refuses a duplicate userName with 409 and a bad one with 400', async () => {
    const name = email('ada');
    const r = await s.post('/Users', userBody(name, { externalId: 'okta-1' }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ schemas: [USER], userName: name, externalId: 'okta-1', active: true, name: { givenName: 'Ada', familyName: 'Lovelace' } });
    expect(r.body.groups).toEqual([expect.objectContaining({ value: 'members' })]);
    expect(r.body.meta.location).toMatch(new RegExp(`/scim/v2/Users/${r.body.id}$`));
    scimError(await s.post('/Users', userBody(name)), 409, 'uniqueness');
    scimError(await s.post('/Users', userBody(name.toUpperCase())), 409, 'uniqueness');
    scimError(await s.post('/Users', userBody('not-an-email')), 400, 'invalidValue');
    scimError(await s.post('/Users', { schemas: [USER] }), 400);
    const bad = await client(token).call('POST', '/scim/v2/Users', '{"userName":', { 'Content-Type': 'application/scim+json' });
    scimError(bad, 400, 'invalidSyntax');
    const events = await api.get(`/v1/events?type=scim.user.provisioned&resource_id=${r.body.id}`);
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].actor).toMatchObject({ type: 'system', name: 'SCIM' });
    const added = await api.get('/v1/events?type=member.added');
    expect(added.body.data.some((e: any) => e.data.object.email === name)).toBe(true);
  });

  it('reads one user, filters by userName and pages with startIndex/count', async () => {
    const names = [email('p1'), email('p2'), email('p3')];
    const ids: string[] = [];
    for (const n of names) ids.push((await s.post('/Users', userBody(n))).body.id);
    const one = await s.get(`/Users/${ids[1]}`);
    expect(one.status).toBe(200);
    expect(one.body.userName).toBe(names[1]);
    const f = await s.get(`/Users?filter=${encodeURIComponent(`userName eq "${names[2]!.toUpperCase()}"`)}`);
    expect(f.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(f.body.Resources[0].id).toBe(ids[2]);
    const none = await s.get(`/Users?filter=${encodeURIComponent('userName eq "nobody@corp.example"')}`);
    expect(none.body).toMatchObject({ totalResults: 0, Resources: [] });
    const all = await s.get('/Users');
    const total = all.body.totalResults;
    expect(total).toBeGreaterThanOrEqual(3);
    const page = await s.get(`/Users?startIndex=2&count=2`);
    expect(page.body).toMatchObject({ totalResults: total, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((u: any) => u.id)).toEqual(all.body.Resources.slice(1, 3).map((u: any) => u.id));
    const zero = await s.get('/Users?count=0');
    expect(zero.body).toMatchObject({ totalResults: total, itemsPerPage: 0, Resources: [] });
    scimError(await s.get(`/Users?filter=${encodeURIComponent('userName co "x"')}`), 400, 'invalidFilter');
    scimError(await s.get(`/Users?filter=${encodeURIComponent('title eq "x"')}`), 400, 'invalidFilter');
    scimError(await s.get('/Users/nope'), 404);
  });

  it('replaces a user with PUT; userName cannot change', async () => {
    const name = email('put');
    const id = (await s.post('/Users', userBody(name))).body.id;
    const r = await s.put(`/Users/${id}`, userBody(name, { name: { givenName: 'Grace', familyName: 'Hopper' }, displayName: 'Grace H', externalId: 'x-2' }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ displayName: 'Grace H', externalId: 'x-2', name: { givenName: 'Grace', familyName: 'Hopper' }, active: true });
    scimError(await s.put(`/Users/${id}`, userBody(email('other'))), 400, 'mutability');
  });

  it('PATCH active:false removes the member at once, ending their sessions and OAuth grants; active:true brings them back', async () => {
    const { db } = await import('../server/db/client');
    const name = email('leaver');
    const id = (await s.post('/Users', userBody(name))).body.id;
    const user = await db.user.findUniqueOrThrow({ where: { email: name } });
    const teamRow = await db.team.findUniqueOrThrow({ where: { slug: team } });
    const sessionToken = crypto.randomBytes(32).toString('hex');
    await db.session.create({ data: { sessionToken, userId: user.id, expires: new Date(Date.now() + 86_400_000) } });
    const sessionOf = async () => (await (await fetch(`${baseUrl()}/api/auth/session`, { headers: { Cookie: `next-auth.session-token=${sessionToken}` } })).json()) as any;
    for (let i = 0; i < 50 && !(await sessionOf())?.user; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await sessionOf()).user.email).toBe(name);
    const grantId = `grant-${crypto.randomBytes(6).toString('hex')}`;
    await db.oAuthGrant.create({ data: { id: grantId, teamId: teamRow.id, userId: user.id, clientId: 'quire-cli', clientName: 'Quire CLI', scopes: ['documents.read'] } });

    const off = await s.patch(`/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(off.body.groups).toEqual([]);
    expect(await db.teamMember.findUnique({ where: { teamId_userId: { teamId: teamRow.id, userId: user.id } } })).toBeNull();
    expect(await sessionOf()).toEqual({});
    expect(await db.oAuthGrant.findUnique({ where: { id: grantId } })).toBeNull();
    const dep = await api.get(`/v1/events?type=scim.user.deprovisioned&resource_id=${id}`);
    expect(dep.body.data).toHaveLength(1);
    expect((await api.get(`/v1/events?type=oauth_grant.revoked&resource_id=${grantId}`)).body.data).toHaveLength(1);
    // Still known to the IdP, inactive.
    expect((await s.get(`/Users/${id}`)).body.active).toBe(false);

    // Azure AD's form: a path and a string boolean.
    const on = await s.patch(`/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(on.body.active).toBe(true);
    expect(await db.teamMember.findUnique({ where: { teamId_userId: { teamId: teamRow.id, userId: user.id } } })).toMatchObject({ role: 'member' });

    const renamed = await s.patch(`/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'name.givenName', value: 'Ada' }, { op: 'add', path: 'displayName', value: 'Ada L' }] });
    expect(renamed.body).toMatchObject({ displayName: 'Ada L', name: { givenName: 'Ada' } });
    scimError(await s.patch(`/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'userName', value: email('x') }] }), 400, 'mutability');
    scimError(await s.patch(`/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'title', value: 'x' }] }), 400, 'invalidPath');
    scimError(await s.patch(`/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'move', path: 'active', value: true }] }), 400, 'invalidSyntax');
    scimError(await s.patch(`/Users/${id}`, { Operations: [{ op: 'replace', path: 'active', value: false }] }), 400, 'invalidSyntax');
  });

  it('DELETE deprovisions and forgets the user', async () => {
    const { db } = await import('../server/db/client');
    const name = email('gone');
    const id = (await s.post('/Users', userBody(name))).body.id;
    const r = await s.del(`/Users/${id}`);
    expect(r.status).toBe(204);
    scimError(await s.get(`/Users/${id}`), 404);
    scimError(await s.del(`/Users/${id}`), 404);
    const teamRow = await db.team.findUniqueOrThrow({ where: { slug: team } });
    expect(await db.teamMember.count({ where: { teamId: teamRow.id, user: { email: name } } })).toBe(0);
    // Provisioning the same address again works (a new SCIM id).
    const again = await s.post('/Users', userBody(name));
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(id);
  });
});

describe('SCIM Groups', () => {
  it('lists the three role groups and maps membership to roles', async () => {
    const list = await s.get('/Groups');
    expect(list.body.Resources.map((g: any) => g.displayName)).toEqual(['admins', 'managers', 'members']);
    const filtered = await s.get(`/Groups?filter=${encodeURIComponent('displayName eq "managers"')}&excludedAttributes=members`);
    expect(filtered.body.Resources).toEqual([expect.objectContaining({ id: 'managers' })]);
    expect(filtered.body.Resources[0].members).toBeUndefined();

    const a = (await s.post('/Users', userBody(email('boss')))).body.id;
    const b = (await s.post('/Users', userBody(email('mgr')))).body.id;
    const add = await s.patch('/Groups/admins', { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: a }] }] });
    expect(add.status).toBe(200);
    expect(add.body.members.map((m: any) => m.value)).toContain(a);
    expect((await s.get(`/Users/${a}`)).body.groups[0].value).toBe('admins');
    const updated = await api.get(`/v1/events?type=member.updated`);
    expect(updated.body.data[0].data.changes.role).toEqual(['member', 'admin']);

    const put = await s.put('/Groups/managers', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'managers', members: [{ value: b }] });
    expect(put.body.members.map((m: any) => m.value)).toEqual([b]);
    expect((await s.get(`/Users/${b}`)).body.groups[0].value).toBe('managers');

    // The team keeps an admin: `a` is its only one.
    const removeA = { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${a}"]` }] };
    scimError(await s.patch('/Groups/admins', removeA), 409);
    await s.patch('/Groups/admins', { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: b }] }] });
    const rm = await s.patch('/Groups/admins', removeA);
    expect(rm.body.members.map((m: any) => m.value)).not.toContain(a);
    expect((await s.get(`/Users/${a}`)).body.groups[0].value).toBe('members');

    scimError(await s.get('/Groups/owners'), 404);
    scimError(await s.post('/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'admins' }), 409, 'uniqueness');
    scimError(await s.post('/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Sales' }), 400);
    scimError(await s.del('/Groups/admins'), 400, 'mutability');
    scimError(await s.patch('/Groups/admins', { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: 'nope' }] }] }), 404);
  });

  it("never reaches another team's users", async () => {
    const mine = (await s.post('/Users', userBody(email('mine')))).body.id;
    const other = uniqueTeam('scim-other');
    await createToken({ team: other, scopes: 'documents.read', plan: 'business' });
    const o = scim(await scimToken(other));
    scimError(await o.get(`/Users/${mine}`), 404);
    scimError(await o.put(`/Users/${mine}`, userBody(email('x'))), 404);
    scimError(await o.patch(`/Users/${mine}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] }), 404);
    scimError(await o.del(`/Users/${mine}`), 404);
    scimError(await o.patch('/Groups/admins', { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: mine }] }] }), 404);
    expect((await o.get('/Users')).body.totalResults).toBe(0);
    expect((await s.get(`/Users/${mine}`)).body.active).toBe(true);
  });
});
