// IP allow lists over real HTTP: a team's list holds its dashboard sessions and its API tokens; a
// link's and a room's hold their visitors. Refusals are 403 `forbidden` naming the rule, never the
// list; a forged X-Forwarded-For from an untrusted peer changes nothing; an admin cannot save a
// list that leaves out their own address. The client address rules themselves (trusted proxies,
// IPv6) are checked in process against the same module the server uses.
import { afterEach, describe, expect, it } from 'vitest';
import { client, envelope } from './support/api';
import { ok } from './support/docs';
import { db, member, mutate, procedure } from './support/security';
import { makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';
import { onNextStart } from './support/server';

async function teamToken(teamId: string) {
  const d = await db();
  await d.team.update({ where: { id: teamId }, data: { plan: 'datarooms_plus' } });
  const { mintToken } = await import('../server/auth/tokens');
  const { token } = await mintToken(d, { teamId, name: 'ip rules', scopes: ['apis.all'] });
  return client(token);
}

const setTeamList = async (teamId: string, list: string[]) => (await db()).team.update({ where: { id: teamId }, data: { ipAllowList: list } });

// Over HTTP the rules need the client's address: `npm start` hands the app its socket's. Bare
// `next start` has none (on Vercel it is the platform's header, checked in process below), so
// these run on the `npm start` pass only.
describe.skipIf(onNextStart)('a team’s IP allow list', () => {
  it('is saved normalised by an admin; one that leaves out the admin’s own address is refused (422)', async () => {
    const admin = await member('ip-admin');
    const s = await admin.signIn();
    const saved = await mutate(s, 'security.team.update', { ip_allow_list: ['127.0.0.1/8', '2001:DB8::/32', '127.0.0.9'] });
    expect(saved.status).toBe(200);
    expect(saved.data).toMatchObject({ object: 'team_security', ip_allow_list: ['127.0.0.0/8', '2001:db8::/32', '127.0.0.9/32'], your_ip_address: '127.0.0.1' });
    const lockout = await mutate(s, 'security.team.update', { ip_allow_list: ['203.0.113.0/24'] });
    expect(lockout.status).toBe(422);
    expect(lockout.error.data.apiError.details).toEqual({ field: 'ip_allow_list', rule: 'lockout' });
    const bad = await mutate(s, 'security.team.update', { ip_allow_list: ['10.0.0.0/33'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error)).toContain('is not an IP address or CIDR');
    // A member reads the rules and cannot change them.
    const m = await member('ip-member', { teamId: admin.teamId });
    const ms = await m.signIn();
    expect((await procedure(ms, 'security.team.get')).data.ip_allow_list).toEqual(['127.0.0.0/8', '2001:db8::/32', '127.0.0.9/32']);
    expect((await mutate(ms, 'security.team.update', { ip_allow_list: [] })).status).toBe(403);
    // The change is an event, with what changed.
    const events = await (await db()).event.findMany({ where: { teamId: admin.teamId, type: 'security.updated' } });
    expect(events).toHaveLength(1);
    expect(JSON.stringify(events[0]!.data)).toContain('"ip_allow_list":[[],["127.0.0.0/8","2001:db8::/32","127.0.0.9/32"]]');
  });

  it('refuses the team’s dashboard and its tokens from outside the list, naming the rule and never the list', async () => {
    const admin = await member('ip-outside');
    const s = await admin.signIn();
    const api = await teamToken(admin.teamId);
    expect((await procedure(s, 'teams.current')).status).toBe(200);
    ok(await api.get('/v1/documents'));
    await setTeamList(admin.teamId, ['203.0.113.0/24', '2001:db8::/32']);
    const dash = await procedure(s, 'teams.current');
    expect(dash.status).toBe(403);
    expect(dash.code).toBe('forbidden');
    expect(dash.error.data.apiError.details).toEqual({ rule: 'team_ip_allow_list' });
    const rest = await api.get('/v1/documents');
    expect(envelope(rest, 403, 'forbidden').details).toEqual({ rule: 'team_ip_allow_list' });
    for (const body of [JSON.stringify(dash), JSON.stringify(rest.body)]) {
      expect(body).not.toContain('203.0.113');
      expect(body).not.toContain('2001:db8');
    }
    // A forged X-Forwarded-For from an untrusted peer (the test client's socket) changes nothing.
    const spoof = { 'X-Forwarded-For': '203.0.113.5', 'X-Real-IP': '203.0.113.5', 'X-Vercel-Forwarded-For': '203.0.113.5' };
    expect((await procedure(s, 'teams.current', undefined, { headers: spoof })).status).toBe(403);
    expect((await api.get('/v1/documents', spoof)).status).toBe(403);
    // The dashboard page sends the member to a notice, not the team.
    const page = await new Visitor().get('/documents', { Cookie: `next-auth.session-token=${s}` });
    expect(page.status).toBe(307);
    expect(page.location).toBe('/restricted');
    // Back inside the list: allowed again on the next request.
    await setTeamList(admin.teamId, ['127.0.0.1/32']);
    expect((await procedure(s, 'teams.current')).status).toBe(200);
    ok(await api.get('/v1/documents'));
  });
});

describe.skipIf(onNextStart)('a link’s and a room’s IP allow lists', () => {
  it('validates CIDRs (422), seeds links from presets, and refuses visitors outside with 403', async () => {
    const admin = await member('ip-links');
    const api = await teamToken(admin.teamId);
    const doc = await pdfDocument(api, 1, 'Teaser.pdf');
    const bad = await api.post('/v1/links', { document_id: doc.id, ip_allow_list: ['10.0.0.0/8', 'not-an-ip'] });
    expect(envelope(bad, 422, 'unprocessable_entity').message).toContain('ip_allow_list');
    const outside = await makeLink(api, { document_id: doc.id, ip_allow_list: ['10.0.0.0/8', 'fd00::/8'] });
    expect(outside.ip_allow_list).toEqual(['10.0.0.0/8', 'fd00::/8']);
    const v = new Visitor();
    const refused = await v.get(`/view/${slugOf(outside)}`);
    expect(refused.status).toBe(403);
    expect(refused.text()).toContain('data-testid="link-ip-refused"');
    expect(refused.text()).not.toContain('10.0.0.0');
    // Its page images and entry refuse too (the rule is named, never the list).
    const image = await v.get(`/view/${slugOf(outside)}/pages/1`);
    expect(image.status).toBe(403);
    expect(image.text()).not.toContain('10.0.0.0');
    // Spoofed forwarding headers from the untrusted test client are ignored.
    expect((await v.get(`/view/${slugOf(outside)}`, { 'X-Forwarded-For': '10.1.2.3' })).status).toBe(403);
    // Widened to this address: in.
    const widened = ok(await api.patch(`/v1/links/${outside.id}`, { ip_allow_list: ['10.0.0.0/8', '::ffff:127.0.0.1'] }));
    expect(widened.ip_allow_list).toEqual(['10.0.0.0/8', '127.0.0.1/32']);
    expect((await new Visitor().get(`/view/${slugOf(outside)}`)).status).not.toBe(403);
    // A preset's list seeds the links made from it.
    const preset = ok(await api.post('/v1/link-presets', { name: 'Office only', ip_allow_list: ['198.51.100.0/24'] }), 201);
    expect(preset.ip_allow_list).toEqual(['198.51.100.0/24']);
    const seeded = await makeLink(api, { document_id: doc.id, preset_id: preset.id });
    expect(seeded.ip_allow_list).toEqual(['198.51.100.0/24']);
    expect((await new Visitor().get(`/view/${slugOf(seeded)}`)).status).toBe(403);
  });

  it('a room’s list holds every link of the room', async () => {
    const admin = await member('ip-room');
    const api = await teamToken(admin.teamId);
    const room = ok(await api.post('/v1/datarooms', { name: 'Project Kestrel', ip_allow_list: ['192.0.2.0/24'] }), 201);
    expect(room.ip_allow_list).toEqual(['192.0.2.0/24']);
    expect(envelope(await api.patch(`/v1/datarooms/${room.id}`, { ip_allow_list: ['300.1.1.1'] }), 422, 'unprocessable_entity').message).toContain('ip_allow_list');
    const link = await makeLink(api, { dataroom_id: room.id });
    expect(link.ip_allow_list).toEqual([]);
    expect((await new Visitor().get(`/view/${slugOf(link)}`)).status).toBe(403);
    ok(await api.patch(`/v1/datarooms/${room.id}`, { ip_allow_list: [] }));
    expect((await new Visitor().get(`/view/${slugOf(link)}`)).status).not.toBe(403);
  });
});

describe('the client address', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['TRUSTED_PROXIES', 'TRUST_PROXY_HOPS', 'VERCEL']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });
  const addressOf = async (socket: string, headers: Record<string, string>) => {
    const { clientAddress, setSocketAddress } = await import('../server/http/client-address');
    const req = new Request('http://app.test/', { headers });
    setSocketAddress(req, socket);
    return clientAddress(req);
  };

  it('is the socket’s unless a trusted proxy added the forwarded entry', async () => {
    delete process.env.TRUSTED_PROXIES;
    expect(await addressOf('198.51.100.7', { 'X-Forwarded-For': '10.0.0.1' })).toBe('198.51.100.7');
    process.env.TRUSTED_PROXIES = '10.10.0.0/16, fd12::/16';
    // The peer is not a trusted proxy: what it claims is ignored.
    expect(await addressOf('198.51.100.7', { 'X-Forwarded-For': '10.0.0.1' })).toBe('198.51.100.7');
    // A trusted proxy's entry is honoured; entries the client wrote before it are not.
    expect(await addressOf('10.10.0.5', { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' })).toBe('203.0.113.9');
    // Two trusted hops: the first untrusted address from the right.
    expect(await addressOf('10.10.0.5', { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9, 10.10.3.3' })).toBe('203.0.113.9');
    // IPv6 proxies and clients, and IPv4-mapped sockets.
    expect(await addressOf('fd12::1', { 'X-Forwarded-For': '2001:db8::42' })).toBe('2001:db8::42');
    expect(await addressOf('::ffff:10.10.0.5', { 'X-Forwarded-For': '203.0.113.10' })).toBe('203.0.113.10');
    // Garbage in the header stops the walk at the trusted proxy.
    expect(await addressOf('10.10.0.5', { 'X-Forwarded-For': 'nonsense' })).toBe('10.10.0.5');
  });

  it('matches IPv4 and IPv6 rules', async () => {
    const { addressAllowed, normalizeRule } = await import('../lib/shared/ip-rules');
    expect(addressAllowed('2001:db8::1', ['2001:db8::/32'])).toBe(true);
    expect(addressAllowed('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(addressAllowed('::ffff:192.0.2.4', ['192.0.2.0/24'])).toBe(true);
    expect(addressAllowed('192.0.2.4', ['::ffff:192.0.2.0/120'])).toBe(true);
    expect(addressAllowed('192.0.2.4', ['2001:db8::/32'])).toBe(false);
    expect(addressAllowed('unknown', ['0.0.0.0/0'])).toBe(false);
    expect(addressAllowed('unknown', [])).toBe(true);
    expect(normalizeRule('2001:DB8:0:0::1/48')).toBe('2001:db8::/48');
    expect(normalizeRule('10.0.0.0/33')).toBeNull();
  });
});
