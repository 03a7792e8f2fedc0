// Links and presets over HTTP: targets and audiences, every setting validated, presets seeding
// (explicit fields and nulls override), plan caps on custom fields, soft delete, group link
// permissions, link views.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { fixture, ISO, ok, walk } from './support/docs';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let free: Api;
let doc: any;
let room: any;

const LINK_KEYS = [
  'agreement_id',
  'allow_access_requests',
  'allow_download',
  'allow_list',
  'audience_type',
  'brand_id',
  'created',
  'custom_fields',
  'dataroom_id',
  'deny_list',
  'document_id',
  'domain_id',
  'email_authenticated',
  'email_protected',
  'enable_custom_meta',
  'enable_notification',
  'enable_search',
  'expires_at',
  'group_id',
  'id',
  'ip_allow_list',
  'is_password_protected',
  'meta_description',
  'meta_image_url',
  'meta_title',
  'name',
  'object',
  'preset_id',
  'show_banner',
  'updated_at',
  'url',
  'watermark_config',
  'welcome_message',
];

const linkDoc = async (a: Api, name: string) =>
  ok(await a.post('/v1/documents', { type: 'link', external_url: `https://example.com/${encodeURIComponent(name)}`, name }), 201);
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('links'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  other = client((await createToken({ team: uniqueTeam('links-other'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  free = client((await createToken({ team: uniqueTeam('links-free'), scopes: 'apis.all' })).token);
  doc = await linkDoc(api, 'Deck');
  room = ok(await api.post('/v1/datarooms', { name: 'Deal room' }), 201);
});

describe('create', () => {
  it('makes a document link with the documented defaults and an unguessable URL', async () => {
    const l = ok(await api.post('/v1/links', { document_id: doc.id }), 201);
    expect(Object.keys(l).sort()).toEqual(LINK_KEYS);
    expect(l).toMatchObject({
      object: 'link',
      name: null,
      document_id: doc.id,
      dataroom_id: null,
      audience_type: 'general',
      group_id: null,
      expires_at: null,
      is_password_protected: false,
      email_protected: false,
      email_authenticated: false,
      allow_download: false,
      allow_list: [],
      deny_list: [],
      watermark_config: null,
      welcome_message: null,
      enable_notification: true,
      show_banner: false,
      custom_fields: [],
      brand_id: null,
      enable_custom_meta: false,
      allow_access_requests: false,
      meta_image_url: null,
      preset_id: null,
    });
    expect(l.created).toMatch(ISO);
    const slug = /\/view\/([A-Za-z0-9_-]+)$/.exec(l.url)?.[1];
    expect(slug && slug.length * 6).toBeGreaterThanOrEqual(120);
    const again = ok(await api.post('/v1/links', { document_id: doc.id }), 201);
    expect(again.url).not.toBe(l.url);
    expect(ok(await api.get(`/v1/links/${l.id}`))).toEqual(l);
  });

  it('links a room by either id, and a group of that room', async () => {
    const g = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Investors' }), 201);
    const byPid = ok(await api.post('/v1/links', { dataroom_id: room.pid }), 201);
    expect(byPid).toMatchObject({ dataroom_id: room.id, document_id: null, audience_type: 'general' });
    const gl = ok(await api.post('/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: g.id }), 201);
    expect(gl).toMatchObject({ audience_type: 'group', group_id: g.id });
    const perms = ok(await api.get(`/v1/links/${gl.id}/permissions`));
    expect(perms).toEqual(ok(await api.get(`/v1/datarooms/${room.id}/groups/${g.id}/permissions`)));
    envelope(await api.get(`/v1/links/${byPid.id}/permissions`), 404, 'not_found');
  });

  it('refuses bad targets and audiences with 422, other teams’ things with 404', async () => {
    const otherRoom = ok(await api.post('/v1/datarooms', { name: 'Other room' }), 201);
    const otherGroup = ok(await api.post(`/v1/datarooms/${otherRoom.id}/groups`, { name: 'G' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'G2' }), 201);
    envelope(await api.post('/v1/links', {}), 422, 'unprocessable_entity');
    envelope(await api.post('/v1/links', { document_id: doc.id, dataroom_id: room.id }), 422, 'unprocessable_entity');
    const e1 = envelope(await api.post('/v1/links', { document_id: doc.id, audience_type: 'group', group_id: g.id }), 422, 'unprocessable_entity');
    expect(e1.details.fieldErrors).toHaveProperty('audience_type');
    const e2 = envelope(await api.post('/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: otherGroup.id }), 422, 'unprocessable_entity');
    expect(e2.details.fieldErrors).toHaveProperty('group_id');
    envelope(await api.post('/v1/links', { dataroom_id: room.id, audience_type: 'group' }), 422, 'unprocessable_entity');
    envelope(await api.post('/v1/links', { dataroom_id: room.id, group_id: g.id }), 422, 'unprocessable_entity');

    const theirDoc = await linkDoc(other, 'Theirs');
    const theirRoom = ok(await other.post('/v1/datarooms', { name: 'Theirs' }), 201);
    const theirGroup = ok(await other.post(`/v1/datarooms/${theirRoom.id}/groups`, { name: 'G' }), 201);
    const theirBrand = ok(await other.post('/v1/brands', { name: 'Theirs' }), 201);
    const theirPreset = ok(await other.post('/v1/link-presets', { name: 'Theirs' }), 201);
    envelope(await api.post('/v1/links', { document_id: theirDoc.id }), 404, 'not_found');
    envelope(await api.post('/v1/links', { dataroom_id: theirRoom.pid }), 404, 'not_found');
    envelope(await api.post('/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: theirGroup.id }), 404, 'not_found');
    envelope(await api.post('/v1/links', { document_id: doc.id, brand_id: theirBrand.id }), 404, 'not_found');
    envelope(await api.post('/v1/links', { document_id: doc.id, preset_id: theirPreset.id }), 404, 'not_found');
  });

  it('validates every setting, naming the field', async () => {
    const bad = async (body: object, field: string) => {
      const e = envelope(await api.post('/v1/links', { document_id: doc.id, ...body }), 422, 'unprocessable_entity');
      expect(JSON.stringify(e.details), JSON.stringify(body)).toContain(field);
    };
    await bad({ expires_at: new Date(Date.now() - 1000).toISOString() }, 'expires_at');
    await bad({ expires_at: 'tomorrow' }, 'expires_at');
    await bad({ password: 'abc' }, 'password');
    await bad({ password: 'x'.repeat(129) }, 'password');
    await bad({ allow_list: ['not an email'] }, 'allow_list');
    await bad({ deny_list: Array.from({ length: 501 }, (_, i) => `u${i}@x.example`) }, 'deny_list');
    await bad({ watermark_config: { text: 'Hi {{name}}' } }, 'watermark_config');
    await bad({ watermark_config: { text: 'x', rotation: 20 } }, 'watermark_config');
    await bad({ watermark_config: { text: 'x', opacity: 1.5 } }, 'watermark_config');
    await bad({ watermark_config: { text: 'x', font_size: 200 } }, 'watermark_config');
    await bad({ watermark_config: { text: 'x', color: 'red' } }, 'watermark_config');
    await bad({ watermark_config: {} }, 'watermark_config');
    await bad({ custom_fields: [{ type: 'select', label: 'Pick' }] }, 'custom_fields');
    await bad({ custom_fields: [{ type: 'text', label: 'A', options: ['x'] }] }, 'custom_fields');
    await bad({ custom_fields: [{ type: 'text', label: 'A', identifier: 'a' }, { type: 'text', label: 'B', identifier: 'a' }] }, 'custom_fields');
    await bad({ custom_fields: [{ type: 'rating', label: 'A' }] }, 'custom_fields');
    await bad({ email_authenticated: true, email_protected: false }, 'email_protected');
    await bad({ enable_notification: 'yes' }, 'enable_notification');
    await bad({ surprise: 1 }, 'surprise');
  });

  it('normalizes what it stores: lists lower-cased and de-duplicated, the watermark with every key, field identifiers', async () => {
    const l = ok(
      await api.post('/v1/links', {
        document_id: doc.id,
        name: 'For the fund',
        password: 'open sesame',
        expires_at: inAnHour(),
        email_authenticated: true,
        allow_list: ['Ada@Fund.Example', 'fund.example', 'ada@fund.example'],
        watermark_config: { text: 'Confidential {{email}} {{date}} {{ip_address}}', color: '#FF0000' },
        custom_fields: [
          { type: 'text', label: 'Company name', required: true },
          { type: 'select', label: 'Role', options: ['Investor', 'Advisor'] },
          { type: 'text', label: 'Company name' },
        ],
      }),
      201,
    );
    expect(l).toMatchObject({ name: 'For the fund', is_password_protected: true, email_authenticated: true, email_protected: true });
    expect(l).not.toHaveProperty('password');
    expect(JSON.stringify(l)).not.toContain('open sesame');
    expect(l.allow_list).toEqual(['ada@fund.example', 'fund.example']);
    expect(l.watermark_config).toEqual({
      text: 'Confidential {{email}} {{date}} {{ip_address}}',
      is_tiled: false,
      position: 'center',
      rotation: 45,
      color: '#ff0000',
      font_size: 24,
      opacity: 0.3,
    });
    expect(l.custom_fields.map((f: any) => f.identifier)).toEqual(['company_name', 'role', 'company_name_2']);
    expect(l.custom_fields[0]).toEqual({ identifier: 'company_name', type: 'text', label: 'Company name', placeholder: null, required: true, options: null });
    expect(l.custom_fields[1].options).toEqual(['Investor', 'Advisor']);
  });

  it('caps custom fields by plan (403 plan_restriction with usage and the plans that lift it)', async () => {
    const d = await linkDoc(free, 'Free doc');
    const e = envelope(await free.post('/v1/links', { document_id: d.id, custom_fields: [{ type: 'text', label: 'A' }] }), 403, 'plan_restriction');
    expect(e.details).toMatchObject({ feature: 'custom_fields', current_plan: 'free', usage: 1, limit: 0 });
    expect(e.details.plans).toEqual(['pro', 'business', 'datarooms', 'datarooms-plus']);
    expect(ok(await free.post('/v1/links', { document_id: d.id, custom_fields: [] }), 201).custom_fields).toEqual([]);
    const pro = client((await createToken({ team: uniqueTeam('links-pro'), scopes: 'apis.all', plan: 'pro' })).token);
    const pd = await linkDoc(pro, 'Pro doc');
    const three = Array.from({ length: 3 }, (_, i) => ({ type: 'text', label: `F${i}` }));
    const l = ok(await pro.post('/v1/links', { document_id: pd.id, custom_fields: three }), 201);
    const four = envelope(await pro.patch(`/v1/links/${l.id}`, { custom_fields: [...three, { type: 'text', label: 'F3' }] }), 403, 'plan_restriction');
    expect(four.details).toMatchObject({ usage: 4, limit: 3, plans: ['business', 'datarooms', 'datarooms-plus'] });
  });

  it('takes a social card image by URL (checked like a link preview image)', async () => {
    const l = ok(
      await api.post('/v1/links', { document_id: doc.id, enable_custom_meta: true, meta_title: 'Deck', meta_image: { source_url: fixture('/logo.png') } }),
      201,
    );
    expect(l.meta_image_url).toMatch(/^https?:\/\/[^/]+\/images\/[a-z0-9]+\/[0-9a-f]{16}\.png$/);
    expect((await fetch(l.meta_image_url)).status).toBe(200);
    envelope(await api.post('/v1/links', { document_id: doc.id, meta_image: { source_url: fixture('/fake.pdf') } }), 422, 'unprocessable_entity');
    const cleared = ok(await api.patch(`/v1/links/${l.id}`, { meta_image: null }));
    expect(cleared.meta_image_url).toBeNull();
    expect((await fetch(l.meta_image_url)).status).toBe(404);
  });
});

describe('presets', () => {
  it('CRUD with names unique per team, whatever their case', async () => {
    const p = ok(await api.post('/v1/link-presets', { name: 'Investor default', allow_download: true }), 201);
    expect(p).toMatchObject({ object: 'link_preset', name: 'Investor default', allow_download: true, is_password_protected: false, expires_in: null, custom_fields: null });
    expect(Object.keys(p)).not.toContain('password');
    envelope(await api.post('/v1/link-presets', { name: 'INVESTOR DEFAULT' }), 409, 'conflict');
    const u = ok(await api.patch(`/v1/link-presets/${p.id}`, { password: 'letmein', expires_in: 86400 }));
    expect(u).toMatchObject({ is_password_protected: true, expires_in: 86400, allow_download: true });
    envelope(await api.patch(`/v1/link-presets/${p.id}`, { expires_in: 10 }), 422, 'unprocessable_entity');
    expect(ok(await api.get('/v1/link-presets')).data.map((x: any) => x.id)).toContain(p.id);
    expect(ok(await api.del(`/v1/link-presets/${p.id}`))).toEqual({ id: p.id, object: 'link_preset', deleted: true });
    envelope(await api.get(`/v1/link-presets/${p.id}`), 404, 'not_found');
    envelope(await free.post('/v1/link-presets', { name: 'F', custom_fields: [{ type: 'text', label: 'A' }] }), 403, 'plan_restriction');
  });

  it('seeds every preset-controlled setting; explicit fields override and null clears', async () => {
    const preset = ok(
      await api.post('/v1/link-presets', {
        name: 'Strict',
        password: 'preset-pass',
        expires_in: 7200,
        email_protected: true,
        allow_download: true,
        deny_list: ['rival.example'],
        watermark_config: { text: '{{email}}' },
        welcome_message: 'Welcome from the preset',
        enable_notification: false,
        show_banner: true,
        custom_fields: [{ type: 'email', label: 'Work email' }],
        enable_custom_meta: true,
        meta_title: 'Preset title',
        meta_description: 'Preset description',
        meta_image: { source_url: fixture('/logo.png') },
      }),
      201,
    );
    const before = Date.now();
    const seeded = ok(await api.post('/v1/links', { document_id: doc.id, preset_id: preset.id }), 201);
    expect(seeded).toMatchObject({
      preset_id: preset.id,
      is_password_protected: true,
      email_protected: true,
      allow_download: true,
      deny_list: ['rival.example'],
      welcome_message: 'Welcome from the preset',
      enable_notification: false,
      show_banner: true,
      enable_custom_meta: true,
      meta_title: 'Preset title',
      meta_description: 'Preset description',
    });
    expect(seeded.watermark_config.text).toBe('{{email}}');
    expect(seeded.custom_fields.map((f: any) => f.identifier)).toEqual(['work_email']);
    const expires = Date.parse(seeded.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 7200_000 - 5000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7200_000 + 5000);
    expect(seeded.meta_image_url).toMatch(/\/images\//);
    expect(seeded.meta_image_url).not.toBe(preset.meta_image_url);

    const overridden = ok(
      await api.post('/v1/links', {
        document_id: doc.id,
        preset_id: preset.id,
        password: null,
        expires_at: null,
        watermark_config: null,
        allow_download: false,
        welcome_message: 'Mine',
        meta_image: null,
      }),
      201,
    );
    expect(overridden).toMatchObject({
      is_password_protected: false,
      expires_at: null,
      watermark_config: null,
      allow_download: false,
      welcome_message: 'Mine',
      meta_image_url: null,
      email_protected: true,
    });

    // Deleting the preset leaves its links as they are.
    ok(await api.del(`/v1/link-presets/${preset.id}`));
    const after = ok(await api.get(`/v1/links/${seeded.id}`));
    expect(after).toMatchObject({ preset_id: null, is_password_protected: true, welcome_message: 'Welcome from the preset' });
    expect((await fetch(after.meta_image_url)).status).toBe(200);
  });
});

describe('update, list and delete', () => {
  it('patches settings partially; null removes password, expiry and watermark', async () => {
    const l = ok(await api.post('/v1/links', { document_id: doc.id, password: 'secret-1', expires_at: inAnHour(), watermark_config: { text: 'W' } }), 201);
    const u = ok(await api.patch(`/v1/links/${l.id}`, { name: 'Renamed', allow_download: true }));
    expect(u).toMatchObject({ name: 'Renamed', allow_download: true, is_password_protected: true, expires_at: l.expires_at });
    const cleared = ok(await api.patch(`/v1/links/${l.id}`, { password: null, expires_at: null, watermark_config: null }));
    expect(cleared).toMatchObject({ is_password_protected: false, expires_at: null, watermark_config: null, name: 'Renamed' });
    envelope(await api.patch(`/v1/links/${l.id}`, { document_id: doc.id }), 422, 'unprocessable_entity');
    envelope(await api.patch(`/v1/links/${l.id}`, { preset_id: 'x' }), 422, 'unprocessable_entity');
    envelope(await api.patch(`/v1/links/${l.id}`, { expires_at: '2001-01-01T00:00:00Z' }), 422, 'unprocessable_entity');
    const auth = ok(await api.patch(`/v1/links/${l.id}`, { email_authenticated: true }));
    expect(auth).toMatchObject({ email_authenticated: true, email_protected: true });
    envelope(await api.patch(`/v1/links/${l.id}`, { email_protected: false }), 422, 'unprocessable_entity');
  });

  it('lists newest first with filters and pages; a deleted link is gone from every read', async () => {
    const d = await linkDoc(api, 'Paged');
    const made = [];
    for (let i = 0; i < 5; i++) made.push(ok(await api.post('/v1/links', { document_id: d.id, name: `L${i}` }), 201));
    const { items, pages } = await walk((p) => api.get(p), `/v1/links?document_id=${d.id}&limit=2`);
    expect(pages).toBe(3);
    expect(items.map((x) => x.id)).toEqual(made.map((m) => m.id).reverse());
    const roomLinks = ok(await api.get(`/v1/links?dataroom_id=${room.pid}&limit=100`)).data;
    expect(roomLinks.length).toBeGreaterThan(0);
    expect(roomLinks.every((x: any) => x.dataroom_id === room.id)).toBe(true);
    expect(ok(await api.get('/v1/links?dataroom_id=dr_nothing')).data).toEqual([]);

    expect(ok(await api.del(`/v1/links/${made[0].id}`))).toEqual({ id: made[0].id, object: 'link', deleted: true });
    envelope(await api.get(`/v1/links/${made[0].id}`), 404, 'not_found');
    envelope(await api.patch(`/v1/links/${made[0].id}`, { name: 'x' }), 404, 'not_found');
    envelope(await api.del(`/v1/links/${made[0].id}`), 404, 'not_found');
    expect(ok(await api.get(`/v1/links?document_id=${d.id}`)).data.map((x: any) => x.id)).not.toContain(made[0].id);
  });

  it('answers a link’s views (none before the viewer records one)', async () => {
    const l = ok(await api.post('/v1/links', { document_id: doc.id }), 201);
    expect(ok(await api.get(`/v1/links/${l.id}/views?limit=5`))).toEqual({ data: [], next_cursor: null });
    envelope(await api.get(`/v1/links/${l.id}/views?limit=0`), 422, 'unprocessable_entity');
  });

  it('deleting a group or a room stops its links resolving in the API', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Short-lived' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'G' }), 201);
    const gl = ok(await api.post('/v1/links', { dataroom_id: r.id, audience_type: 'group', group_id: g.id }), 201);
    const rl = ok(await api.post('/v1/links', { dataroom_id: r.id }), 201);
    ok(await api.del(`/v1/datarooms/${r.id}/groups/${g.id}`));
    envelope(await api.get(`/v1/links/${gl.id}`), 404, 'not_found');
    ok(await api.get(`/v1/links/${rl.id}`));
    ok(await api.del(`/v1/datarooms/${r.id}`));
    envelope(await api.get(`/v1/links/${rl.id}`), 404, 'not_found');
  });
});

describe('visitors', () => {
  it('lists visitors with exact email and room filters; get; views', async () => {
    const r = ok(await api.post('/v1/datarooms', { name: 'Visitors room' }), 201);
    const g = ok(await api.post(`/v1/datarooms/${r.id}/groups`, { name: 'G' }), 201);
    const members = ok(await api.post(`/v1/datarooms/${r.id}/groups/${g.id}/members`, { emails: ['ada@visit.example', 'grace@visit.example'] })).data;
    const byRoom = ok(await api.get(`/v1/visitors?dataroom_id=${r.pid}`)).data;
    expect(byRoom.map((v: any) => v.email).sort()).toEqual(['ada@visit.example', 'grace@visit.example']);
    const ada = ok(await api.get('/v1/visitors?email=ADA@visit.example')).data;
    expect(ada).toHaveLength(1);
    expect(ada[0]).toMatchObject({ object: 'visitor', email: 'ada@visit.example', verified: false, dataroom_id: r.id, total_views: 0, last_viewed_at: null });
    expect(ada[0].id).toBe(members[0].visitor_id);
    expect(ada[0].invited_at).toMatch(ISO);
    expect(ok(await api.get('/v1/visitors?email=ada@visit')).data).toEqual([]);
    expect(ok(await api.get(`/v1/visitors/${ada[0].id}`))).toEqual(ada[0]);
    expect(ok(await api.get(`/v1/visitors/${ada[0].id}/views`))).toEqual({ data: [], next_cursor: null });
    expect(ok(await other.get('/v1/visitors?email=ada@visit.example')).data).toEqual([]);
  });
});
