// Brands over real HTTP (spec 2.9, 3.2, 4.3, 7; DESIGN "Brands and branding", "Plans"): the
// brand object, names unique per team, the default rules (also under concurrency), the brand
// cap and field gating per plan, validation, and images in four slots by raw PUT and by
// source_url (type from the bytes, size limits to the byte, no SVG/WebP, SSRF refused without
// connecting), served from public immutable URLs and released when replaced or removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, envelope } from './support/api';
import {
  BRAND_KEYS,
  expectGone,
  expectImage,
  expectServed,
  getImage,
  putBytes,
  SETTING_DEFAULTS,
  SLOTS,
  SPAWNS,
  teamApi,
  type Api,
  type Slot,
} from './support/branding';
import { fixture, ISO, ok, tripwire } from './support/docs';
import * as img from './support/images';

const { MB } = img;

const create = async (api: Api, body: Record<string, unknown>) => ok(await api.post('/v1/brands', body), 201);
const list = async (api: Api) => {
  const body = ok(await api.get('/v1/brands'));
  expect(Object.keys(body).sort()).toEqual(['data', 'next_cursor']);
  expect(body.next_cursor).toBeNull();
  return body.data as any[];
};
const defaults = async (api: Api) => (await list(api)).filter((b) => b.is_default).map((b) => b.id);
const putImage = (api: Api, brandId: string, slot: string, bytes: Buffer, contentType: string | null) =>
  putBytes(api.token, `/v1/brands/${brandId}/images/${slot}`, bytes, contentType);

describe('brand object and CRUD', SPAWNS, () => {
  let api: Api;
  beforeAll(async () => {
    api = await teamApi('datarooms-plus');
  });

  it('creates (201) with every default, answers the brand object, gets and lists oldest first', async () => {
    const a = await create(api, { name: 'Acme' });
    expect(Object.keys(a).sort()).toEqual(BRAND_KEYS);
    expect(a).toMatchObject({ object: 'brand', name: 'Acme', is_default: true, ...SETTING_DEFAULTS });
    expect(a.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(a.created).toMatch(ISO);
    expect(a.updated_at).toMatch(ISO);

    const full = {
      name: 'Full',
      brand_color: '#0F766E',
      hide_logo: true,
      welcome_message: 'Welcome to the room.',
      cta_label: 'Book a call',
      cta_url: 'https://acme.example/call',
      custom_link_preview_enabled: true,
      link_preview_title: 'Acme deal room',
      link_preview_description: 'Everything about the deal.',
      card_layout: 'list',
      show_folder_tree: false,
      viewer_layout_preset: 'sidebar',
      viewer_header_style: 'minimal',
      hide_folder_icons_in_main: true,
      default_language: 'ja',
    };
    const b = await create(api, full);
    expect(b).toMatchObject({ ...full, brand_color: '#0f766e', is_default: false, logo: null, banner: null, banner_hidden: false });
    expect(ok(await api.get(`/v1/brands/${b.id}`))).toEqual(b);
    expect((await list(api)).map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it('updates only the sent fields; null clears; colours are stored lower-case (#ABC → #aabbcc)', async () => {
    const b = await create(api, { name: 'Partial', brand_color: '#ABC', welcome_message: 'Hi', cta_label: 'Go', cta_url: 'https://go.example' });
    expect(b.brand_color).toBe('#aabbcc');
    const u = ok(await api.patch(`/v1/brands/${b.id}`, { welcome_message: null, brand_color: '#A1B2C3' }));
    expect(u).toMatchObject({ name: 'Partial', welcome_message: null, brand_color: '#a1b2c3', cta_label: 'Go', cta_url: 'https://go.example' });
    expect(Date.parse(u.updated_at)).toBeGreaterThanOrEqual(Date.parse(b.updated_at));
    expect(u.created).toBe(b.created);
    const v = ok(await api.patch(`/v1/brands/${b.id}`, { cta_label: null, cta_url: null, name: 'Partial 2', card_layout: 'list' }));
    expect(v).toMatchObject({ name: 'Partial 2', cta_label: null, cta_url: null, card_layout: 'list', brand_color: '#a1b2c3' });
    expect(ok(await api.patch(`/v1/brands/${b.id}`, { brand_color: null })).brand_color).toBeNull();
    expect(ok(await api.get(`/v1/brands/${b.id}`))).toMatchObject({ name: 'Partial 2', brand_color: null, card_layout: 'list' });
  });

  it('deletes: { id, object, deleted }, then 404 on every route; the name is free again', async () => {
    const b = await create(api, { name: 'Doomed' });
    expect(ok(await api.del(`/v1/brands/${b.id}`))).toEqual({ id: b.id, object: 'brand', deleted: true });
    envelope(await api.get(`/v1/brands/${b.id}`), 404, 'not_found');
    envelope(await api.patch(`/v1/brands/${b.id}`, { name: 'x' }), 404, 'not_found');
    envelope(await api.del(`/v1/brands/${b.id}`), 404, 'not_found');
    envelope(await putImage(api, b.id, 'logo', await img.png(), 'image/png'), 404, 'not_found');
    expect((await list(api)).map((x) => x.id)).not.toContain(b.id);
    await create(api, { name: 'doomed' });
  });

  it('names are unique per team case-insensitively (409), a brand may change its own case, other teams may reuse them', async () => {
    const n = await create(api, { name: 'Northwind' });
    for (const name of ['Northwind', 'NORTHWIND', 'northwind', '  northWind  ']) {
      const e = envelope(await api.post('/v1/brands', { name }), 409, 'conflict');
      expect(e.message).toMatch(/already/);
    }
    const other = await create(api, { name: 'Southwind' });
    envelope(await api.patch(`/v1/brands/${other.id}`, { name: 'NorthWIND' }), 409, 'conflict');
    expect(ok(await api.get(`/v1/brands/${other.id}`)).name).toBe('Southwind');
    expect(ok(await api.patch(`/v1/brands/${n.id}`, { name: 'NorthWind' })).name).toBe('NorthWind');
    const elsewhere = await teamApi('pro');
    await create(elsewhere, { name: 'Northwind' });
    ok(await api.del(`/v1/brands/${n.id}`));
    await create(api, { name: 'northwind' });
  });
});

describe('the default brand (spec 3.2)', SPAWNS, () => {
  it('the first brand is the default whatever is asked; is_default: true on create or PATCH moves it; false on the default is 422', async () => {
    const api = await teamApi('datarooms');
    const a = await create(api, { name: 'A', is_default: false });
    expect(a.is_default).toBe(true);
    const b = await create(api, { name: 'B' });
    expect(b.is_default).toBe(false);
    expect(await defaults(api)).toEqual([a.id]);
    const c = await create(api, { name: 'C', is_default: true });
    expect(c.is_default).toBe(true);
    expect(await defaults(api)).toEqual([c.id]);
    expect(ok(await api.patch(`/v1/brands/${b.id}`, { is_default: true })).is_default).toBe(true);
    expect(await defaults(api)).toEqual([b.id]);
    // Again: idempotent.
    ok(await api.patch(`/v1/brands/${b.id}`, { is_default: true }));
    expect(await defaults(api)).toEqual([b.id]);

    const e = envelope(await api.patch(`/v1/brands/${b.id}`, { is_default: false }), 422, 'unprocessable_entity');
    expect(Object.keys(e.details.fieldErrors)).toContain('is_default');
    // Refused as a whole: nothing else in that body was written either.
    envelope(await api.patch(`/v1/brands/${b.id}`, { is_default: false, name: 'B2' }), 422, 'unprocessable_entity');
    expect(ok(await api.get(`/v1/brands/${b.id}`))).toMatchObject({ name: 'B', is_default: true });
    // false on a brand that is not the default changes nothing.
    expect(ok(await api.patch(`/v1/brands/${a.id}`, { is_default: false })).is_default).toBe(false);
    expect(await defaults(api)).toEqual([b.id]);
  });

  it('deleting the default promotes the oldest remaining brand; deleting another keeps the default', async () => {
    const api = await teamApi('datarooms');
    const a = await create(api, { name: 'A' });
    const b = await create(api, { name: 'B' });
    const c = await create(api, { name: 'C' });
    const d = await create(api, { name: 'D', is_default: true });
    ok(await api.del(`/v1/brands/${d.id}`));
    expect(await defaults(api)).toEqual([a.id]);
    ok(await api.patch(`/v1/brands/${c.id}`, { is_default: true }));
    ok(await api.del(`/v1/brands/${a.id}`));
    expect(await defaults(api)).toEqual([c.id]);
    ok(await api.del(`/v1/brands/${c.id}`));
    expect(await defaults(api)).toEqual([b.id]);
    ok(await api.del(`/v1/brands/${b.id}`));
    expect(await list(api)).toEqual([]);
    // A team that lost every brand starts over: the next one is the default.
    const e = await create(api, { name: 'E' });
    expect(e.is_default).toBe(true);
  });

  it('exactly one default after 20 concurrent creates and after 20 concurrent is_default: true patches', async () => {
    const api = await teamApi('datarooms-plus');
    const created = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.post('/v1/brands', { name: `Concurrent ${i}`, is_default: i % 3 === 0 })),
    );
    for (const r of created) ok(r, 201);
    let all = await list(api);
    expect(all).toHaveLength(20);
    expect(all.filter((b) => b.is_default)).toHaveLength(1);

    const patched = await Promise.all(all.map((b) => api.patch(`/v1/brands/${b.id}`, { is_default: true })));
    for (const r of patched) ok(r);
    all = await list(api);
    expect(all).toHaveLength(20);
    expect(all.filter((b) => b.is_default)).toHaveLength(1);
  });

  it('concurrent deletes (the default among them) and default moves leave exactly one default', async () => {
    const api = await teamApi('datarooms');
    const brands = [];
    for (let i = 0; i < 8; i++) brands.push(await create(api, { name: `Mixed ${i}` }));
    const [first, ...rest] = brands;
    const gone = [first!, rest[0]!, rest[1]!, rest[2]!];
    const moved = rest.slice(3);
    const results = await Promise.all([
      ...gone.map((b) => api.del(`/v1/brands/${b.id}`)),
      ...moved.map((b) => api.patch(`/v1/brands/${b.id}`, { is_default: true })),
    ]);
    for (const r of results) ok(r);
    const left = await list(api);
    expect(left.map((b) => b.id).sort()).toEqual(moved.map((b) => b.id).sort());
    expect(left.filter((b) => b.is_default)).toHaveLength(1);
  });

  it('ten concurrent creates of one name in different cases: one 201, nine 409', async () => {
    const api = await teamApi('datarooms');
    const names = ['Same', 'SAME', 'same', 'sAme', 'saMe', 'samE', 'SAme', 'saME', 'SaMe', 'sAmE'];
    const results = await Promise.all(names.map((name) => api.post('/v1/brands', { name })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) envelope(r, 409, 'conflict');
    const all = await list(api);
    expect(all).toHaveLength(1);
    expect(all[0].is_default).toBe(true);
  });
});

describe("a new document's language: the team's default brand's", SPAWNS, () => {
  it('en with no brand; the default brand’s language where search stems it; simple for another (ja)', async () => {
    const api = await teamApi('datarooms-plus', 'branding.read,branding.write,documents.read,documents.write');
    const doc = async () => ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/', name: 'Deck' }), 201).language;
    expect(await doc()).toBe('en');
    const brand = await create(api, { name: 'Acme', default_language: 'de' });
    expect(brand.is_default).toBe(true);
    expect(await doc()).toBe('de');
    // Another brand's language is not the team's.
    await create(api, { name: 'Other', default_language: 'fr' });
    expect(await doc()).toBe('de');
    ok(await api.patch(`/v1/brands/${brand.id}`, { default_language: 'ja' }));
    expect(await doc()).toBe('simple');
  });
});

describe('brand caps per plan', SPAWNS, () => {
  const CAPS: [string, number, string[]][] = [
    ['free', 0, ['pro', 'business', 'datarooms', 'datarooms-plus']],
    ['pro', 1, ['business', 'datarooms', 'datarooms-plus']],
    ['business', 3, ['datarooms', 'datarooms-plus']],
    ['datarooms', 10, ['datarooms-plus']],
    ['datarooms-plus', 50, []],
  ];
  for (const [plan, limit, plans] of CAPS) {
    it(`${plan}: ${limit} brands, then 403 plan_restriction with usage, limit and the plans that lift it`, async () => {
      const api = await teamApi(plan);
      for (let i = 0; i < limit; i += 10) {
        const batch = Array.from({ length: Math.min(10, limit - i) }, (_, j) => api.post('/v1/brands', { name: `Cap ${i + j}` }));
        for (const r of await Promise.all(batch)) ok(r, 201);
      }
      const e = envelope(await api.post('/v1/brands', { name: 'One too many' }), 403, 'plan_restriction');
      expect(e.details).toMatchObject({ feature: 'brands', usage: limit, limit, plans, current_plan: plan });
      expect(await list(api)).toHaveLength(limit);
      if (limit > 0) {
        // Room again after a delete.
        const first = (await list(api))[0];
        ok(await api.del(`/v1/brands/${first.id}`));
        await create(api, { name: 'Fits again' });
        envelope(await api.post('/v1/brands', { name: 'Still too many' }), 403, 'plan_restriction');
      }
    });
  }

  it('a concurrent burst cannot pass the cap (pro: one of six)', async () => {
    const api = await teamApi('pro');
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api.post('/v1/brands', { name: `Burst ${i}` })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) envelope(r, 403, 'plan_restriction');
    expect(await list(api)).toHaveLength(1);
  });

  it('a team moved to a smaller plan keeps, reads and edits its brands, and cannot add one', async () => {
    const api = await teamApi('business');
    const a = await create(api, { name: 'Kept A' });
    await create(api, { name: 'Kept B' });
    await admin(['team', 'set-plan', api.team, 'pro']);
    const e = envelope(await api.post('/v1/brands', { name: 'Third' }), 403, 'plan_restriction');
    expect(e.details).toMatchObject({ feature: 'brands', usage: 2, limit: 1, current_plan: 'pro' });
    expect(await list(api)).toHaveLength(2);
    expect(ok(await api.patch(`/v1/brands/${a.id}`, { name: 'Kept A (renamed)', brand_color: '#123456' })).name).toBe('Kept A (renamed)');
  });
});

describe('plan gating, field by field (spec 4.3)', SPAWNS, () => {
  const BRANDING = ['pro', 'business', 'datarooms', 'datarooms-plus'];
  const VIEWER = ['business', 'datarooms', 'datarooms-plus'];
  const LAYOUT = ['datarooms', 'datarooms-plus'];
  const LANGUAGE = ['datarooms-plus'];
  /** Each write that sets fields away from their defaults, the plans that allow it and its feature. */
  const CASES: { body: () => Record<string, unknown>; plans: string[]; feature: string }[] = [
    { body: () => ({ brand_color: '#112233' }), plans: BRANDING, feature: 'branding' },
    { body: () => ({ hide_logo: true }), plans: BRANDING, feature: 'branding' },
    { body: () => ({ logo: { source_url: fixture('/brand/logo.png') } }), plans: BRANDING, feature: 'branding' },
    { body: () => ({ banner: { source_url: fixture('/brand/photo.jpg') } }), plans: BRANDING, feature: 'branding' },
    { body: () => ({ banner: { hidden: true } }), plans: BRANDING, feature: 'branding' },
    { body: () => ({ welcome_message: 'Hello' }), plans: VIEWER, feature: 'viewer_customization' },
    { body: () => ({ cta_label: 'Book', cta_url: 'https://book.example' }), plans: VIEWER, feature: 'viewer_customization' },
    { body: () => ({ custom_link_preview_enabled: true }), plans: VIEWER, feature: 'viewer_customization' },
    { body: () => ({ link_preview_title: 'Title' }), plans: VIEWER, feature: 'viewer_customization' },
    { body: () => ({ link_preview_description: 'Description' }), plans: VIEWER, feature: 'viewer_customization' },
    { body: () => ({ link_preview_image: { source_url: fixture('/brand/photo.jpg') } }), plans: VIEWER, feature: 'viewer_customization' },
    { body: () => ({ link_preview_favicon: { source_url: fixture('/brand/favicon.ico') } }), plans: VIEWER, feature: 'viewer_customization' },
    { body: () => ({ card_layout: 'list' }), plans: LAYOUT, feature: 'dataroom_layout' },
    { body: () => ({ show_folder_tree: false }), plans: LAYOUT, feature: 'dataroom_layout' },
    { body: () => ({ viewer_layout_preset: 'compact' }), plans: LAYOUT, feature: 'dataroom_layout' },
    { body: () => ({ viewer_header_style: 'light' }), plans: LAYOUT, feature: 'dataroom_layout' },
    { body: () => ({ hide_folder_icons_in_main: true }), plans: LAYOUT, feature: 'dataroom_layout' },
    { body: () => ({ default_language: 'de' }), plans: LANGUAGE, feature: 'viewer_language' },
  ];
  /** Every settable field at its default: a reset, never gated. */
  const RESET = {
    brand_color: null,
    logo: null,
    hide_logo: false,
    banner: null,
    link_preview_image: null,
    link_preview_favicon: null,
    welcome_message: null,
    cta_label: null,
    cta_url: null,
    custom_link_preview_enabled: false,
    link_preview_title: null,
    link_preview_description: null,
    card_layout: 'grid',
    show_folder_tree: true,
    viewer_layout_preset: 'standard',
    viewer_header_style: 'solid',
    hide_folder_icons_in_main: false,
    default_language: 'en',
  };
  const PLANS = ['pro', 'business', 'datarooms', 'datarooms-plus'];
  const teams: Record<string, { api: Api; brand: any }> = {};
  beforeAll(async () => {
    await Promise.all(
      PLANS.map(async (plan) => {
        const api = await teamApi(plan);
        teams[plan] = { api, brand: await create(api, { name: 'Gated' }) };
      }),
    );
  });

  for (const plan of PLANS) {
    it(`${plan}: each field is written, or refused with 403 naming it, the feature and the plan`, async () => {
      const { api, brand } = teams[plan]!;
      for (const c of CASES) {
        const body = c.body();
        const label = `${plan} ${JSON.stringify(body)}`;
        const before = ok(await api.get(`/v1/brands/${brand.id}`));
        const r = await api.patch(`/v1/brands/${brand.id}`, body);
        if (c.plans.includes(plan)) {
          const b = ok(r);
          for (const [k, v] of Object.entries(body)) {
            if (v && typeof v === 'object' && 'source_url' in v) expect(b[k], label).not.toBeNull();
            else if (k === 'banner') expect(b.banner_hidden, label).toBe(true);
            else expect(b[k], label).toEqual(v);
          }
          // Back to the defaults for the next case (a reset is never gated).
          ok(await api.patch(`/v1/brands/${brand.id}`, RESET));
        } else {
          expect(r.status, label).toBe(403);
          const e = envelope(r, 403, 'plan_restriction');
          expect(e.details.fields, label).toEqual(Object.keys(body));
          expect(e.details.feature, label).toBe(c.feature);
          expect(e.details.current_plan, label).toBe(plan);
          expect(ok(await api.get(`/v1/brands/${brand.id}`)), label).toEqual(before);
        }
      }
    });
  }

  it('one request with blocked fields of several features names every blocked field, and writes none of the body', async () => {
    const { api, brand } = teams.pro!;
    const gated = Object.assign({}, ...CASES.filter((c) => !c.plans.includes('pro')).map((c) => c.body()));
    const e = envelope(await api.patch(`/v1/brands/${brand.id}`, { ...gated, brand_color: '#abcdef' }), 403, 'plan_restriction');
    expect([...e.details.fields].sort()).toEqual(Object.keys(gated).sort());
    expect(e.details.current_plan).toBe('pro');
    expect(['viewer_customization', 'dataroom_layout', 'viewer_language']).toContain(e.details.feature);
    expect(ok(await api.get(`/v1/brands/${brand.id}`)).brand_color).toBeNull();

    const biz = teams.business!;
    const e2 = envelope(
      await biz.api.patch(`/v1/brands/${biz.brand.id}`, { welcome_message: 'Allowed here', card_layout: 'list', default_language: 'fr' }),
      403,
      'plan_restriction',
    );
    expect([...e2.details.fields].sort()).toEqual(['card_layout', 'default_language']);
    expect(e2.details.current_plan).toBe('business');
    expect(ok(await biz.api.get(`/v1/brands/${biz.brand.id}`)).welcome_message).toBeNull();
  });

  it('a gated create creates nothing', async () => {
    const api = await teamApi('pro');
    const e = envelope(await api.post('/v1/brands', { name: 'Too rich', welcome_message: 'Hi' }), 403, 'plan_restriction');
    expect(e.details).toMatchObject({ fields: ['welcome_message'], current_plan: 'pro' });
    // Fields of two features: every blocked field, `feature` the first one's, `features` both.
    const two = envelope(await api.post('/v1/brands', { name: 'Richer', welcome_message: 'Hi', card_layout: 'list' }), 403, 'plan_restriction');
    expect(two.details).toMatchObject({
      fields: ['welcome_message', 'card_layout'],
      feature: 'viewer_customization',
      features: ['viewer_customization', 'dataroom_layout'],
      current_plan: 'pro',
      plans: ['datarooms', 'datarooms-plus'],
    });
    expect(await list(api)).toEqual([]);
  });

  it('resetting any field to its default is never gated (pro: default_language en, welcome_message null, …)', async () => {
    const { api, brand } = teams.pro!;
    expect(ok(await api.patch(`/v1/brands/${brand.id}`, RESET))).toMatchObject({ ...SETTING_DEFAULTS, name: 'Gated' });
    ok(await api.patch(`/v1/brands/${brand.id}`, { default_language: 'en' }));
    ok(await api.patch(`/v1/brands/${brand.id}`, { welcome_message: null }));
    ok(await api.patch(`/v1/brands/${brand.id}`, { link_preview_favicon: null, card_layout: 'grid' }));
    // And on create, on a plan with no extras.
    const fresh = await teamApi('pro');
    expect(await create(fresh, { name: 'All defaults', ...RESET })).toMatchObject({ ...SETTING_DEFAULTS, is_default: true });
  });

  it('raw uploads into gated slots are gated the same way', async () => {
    const bytes = await img.png();
    const { api, brand } = teams.pro!;
    for (const slot of ['link_preview_image', 'link_preview_favicon']) {
      const e = envelope(await putImage(api, brand.id, slot, bytes, 'image/png'), 403, 'plan_restriction');
      expect(e.details).toMatchObject({ fields: [slot], feature: 'viewer_customization', current_plan: 'pro' });
    }
    ok(await putImage(api, brand.id, 'logo', bytes, 'image/png'));
    ok(await putImage(api, brand.id, 'banner', bytes, 'image/png'));
    const biz = teams.business!;
    ok(await putImage(biz.api, biz.brand.id, 'link_preview_image', bytes, 'image/png'));
    ok(await putImage(biz.api, biz.brand.id, 'link_preview_favicon', bytes, 'image/png'));
  });
});

describe('validation (422)', SPAWNS, () => {
  let api: Api;
  let brand: any;
  beforeAll(async () => {
    api = await teamApi('datarooms-plus');
    brand = await create(api, { name: 'Valid', cta_label: 'Go', cta_url: 'https://go.example' });
  });

  const refused = async (body: Record<string, unknown>, field: string | null, on: 'create' | 'patch' = 'create') => {
    const r = on === 'create' ? await api.post('/v1/brands', { name: 'Refused', ...body }) : await api.patch(`/v1/brands/${brand.id}`, body);
    const e = envelope(r, 422, 'unprocessable_entity');
    if (field) expect(Object.keys(e.details.fieldErrors), JSON.stringify(body)).toContain(field);
    return e;
  };

  it('bad hex colours', async () => {
    for (const c of ['#12345', '#1234567', 'red', '123456', '#GGGGGG', '', '#12 345', 'rgb(1,2,3)', '#abcd']) {
      await refused({ brand_color: c }, 'brand_color');
      await refused({ brand_color: c }, 'brand_color', 'patch');
    }
  });

  it('a cta_url or image source that is not https', async () => {
    for (const u of ['http://acme.example/call', 'ftp://acme.example/x', 'javascript:alert(1)', 'acme.example', '//acme.example/x']) {
      await refused({ cta_label: 'Go', cta_url: u }, 'cta_url');
      await refused({ cta_url: u }, 'cta_url', 'patch');
    }
    await refused({ logo: { source_url: 'not a url' } }, 'logo');
  });

  it('unknown keys, at the top and inside image objects, named in formErrors', async () => {
    let e = await refused({ colour: '#ffffff' }, null);
    expect(e.details.formErrors[0]).toContain('colour');
    e = await refused({ logo_url: 'https://x.example/a.png' }, null, 'patch');
    expect(e.details.formErrors[0]).toContain('logo_url');
    await refused({ logo: { source_url: fixture('/brand/logo.png'), width: 10 } }, 'logo');
    await refused({ banner: { hidden: true, source_url: fixture('/brand/logo.png') } }, 'banner');
  });

  it('a call to action needs both cta_label and cta_url', async () => {
    await refused({ cta_label: 'Go' }, null);
    await refused({ cta_url: 'https://go.example' }, null);
    const other = await create(api, { name: 'No CTA' });
    envelope(await api.patch(`/v1/brands/${other.id}`, { cta_label: 'Go' }), 422, 'unprocessable_entity');
    // brand has both: clearing one alone would leave half a CTA.
    await refused({ cta_url: null }, null, 'patch');
    await refused({ cta_label: null }, null, 'patch');
    expect(ok(await api.get(`/v1/brands/${brand.id}`))).toMatchObject({ cta_label: 'Go', cta_url: 'https://go.example' });
  });

  it('bad enum values and wrong JSON types', async () => {
    const bad: [string, unknown][] = [
      ['card_layout', 'masonry'],
      ['card_layout', null],
      ['viewer_layout_preset', 'wide'],
      ['viewer_header_style', 'dark'],
      ['default_language', 'xx'],
      ['default_language', 'EN'],
      ['default_language', 'en-US'],
      ['show_folder_tree', 'true'],
      ['hide_logo', 1],
      ['hide_folder_icons_in_main', null],
      ['custom_link_preview_enabled', 'yes'],
      ['is_default', 'true'],
      ['welcome_message', 42],
    ];
    for (const [field, value] of bad) {
      await refused({ [field]: value }, field);
      await refused({ [field]: value }, field, 'patch');
    }
  });

  it('names, texts and image objects', async () => {
    envelope(await api.post('/v1/brands', {}), 422, 'unprocessable_entity');
    await refused({ name: '' }, 'name');
    await refused({ name: '   ' }, 'name');
    await refused({ name: 'x'.repeat(256) }, 'name');
    await refused({ welcome_message: '' }, 'welcome_message');
    await refused({ welcome_message: 'x'.repeat(1001) }, 'welcome_message');
    await refused({ cta_label: 'two\nlines', cta_url: 'https://go.example' }, 'cta_label');
    await refused({ link_preview_title: 'x'.repeat(121) }, 'link_preview_title');
    await refused({ link_preview_description: 'x'.repeat(301) }, 'link_preview_description');
    await refused({ logo: 'https://x.example/logo.png' }, 'logo');
    await refused({ logo: {} }, 'logo');
    await refused({ logo: { hidden: true } }, 'logo');
    await refused({ banner: { hidden: false } }, 'banner');
    await refused({ link_preview_favicon: { hidden: true } }, 'link_preview_favicon');
    expect(ok(await api.patch(`/v1/brands/${brand.id}`, { welcome_message: 'x'.repeat(1000) })).welcome_message).toHaveLength(1000);
  });

  it('refused creates created nothing', async () => {
    expect((await list(api)).map((b) => b.name).sort()).toEqual(['No CTA', 'Valid']);
  });
});

describe('images by raw PUT: every slot × type × size boundary', SPAWNS, () => {
  let api: Api;
  let brand: any;
  const RULES: Record<Slot, { kinds: img.Kind[]; max: number }> = {
    logo: { kinds: ['png', 'jpeg'], max: 2 * MB },
    banner: { kinds: ['png', 'jpeg'], max: 4 * MB },
    link_preview_image: { kinds: ['png', 'jpeg'], max: 4 * MB },
    link_preview_favicon: { kinds: ['png', 'ico'], max: 1 * MB },
  };
  const built = new Map<string, Promise<Buffer>>();
  const sized = (kind: img.Kind, total: number) => {
    const key = `${kind}:${total}`;
    if (!built.has(key)) built.set(key, img.imageOfSize(kind, total));
    return built.get(key)!;
  };
  const small: Record<img.Kind, () => Promise<Buffer>> = { png: () => img.png(64, 32), jpeg: () => img.jpeg(64, 32), ico: async () => img.ico(await img.png(32, 32)) };

  beforeAll(async () => {
    api = await teamApi('datarooms-plus');
    brand = await create(api, { name: 'Pictures' });
  });

  for (const slot of SLOTS) {
    for (const kind of ['png', 'jpeg', 'ico'] as img.Kind[]) {
      const { kinds, max } = RULES[slot];
      if (kinds.includes(kind)) {
        it(`${slot} takes ${kind} of exactly ${max} bytes, refuses ${max + 1}`, async () => {
          const at = await sized(kind, max);
          expect(at.length).toBe(max);
          const b = ok(await putImage(api, brand.id, slot, at, img.CONTENT_TYPE[kind]));
          expectImage(b[slot], { content_type: img.CONTENT_TYPE[kind], size: max, width: kind === 'ico' ? 32 : 64, height: kind === 'ico' ? 32 : 32 });
          await expectServed(b[slot].url, at, img.CONTENT_TYPE[kind]);

          const over = await sized(kind, max + 1);
          expect(over.length).toBe(max + 1);
          const e = envelope(await putImage(api, brand.id, slot, over, img.CONTENT_TYPE[kind]), 422, 'unprocessable_entity');
          expect(Object.keys(e.details.fieldErrors)).toContain(slot);
          // The refused upload left the slot as it was.
          expect(ok(await api.get(`/v1/brands/${brand.id}`))[slot]).toEqual(b[slot]);
          await expectServed(b[slot].url, at, img.CONTENT_TYPE[kind]);
        });
      } else {
        it(`${slot} refuses ${kind}`, async () => {
          const before = ok(await api.get(`/v1/brands/${brand.id}`))[slot];
          const e = envelope(await putImage(api, brand.id, slot, await small[kind](), img.CONTENT_TYPE[kind]), 422, 'unprocessable_entity');
          expect(Object.keys(e.details.fieldErrors)).toContain(slot);
          expect(ok(await api.get(`/v1/brands/${brand.id}`))[slot]).toEqual(before);
        });
      }
    }
    it(`${slot} refuses SVG, WebP and GIF, whatever Content-Type they are sent with`, async () => {
      const files: [Buffer, string][] = [
        [img.svg(), 'image/svg+xml'],
        [await img.webp(), 'image/webp'],
        [await img.gif(), 'image/gif'],
      ];
      for (const [bytes, type] of files) {
        for (const ct of [type, 'image/png', 'image/jpeg', 'image/x-icon']) {
          envelope(await putImage(api, brand.id, slot, bytes, ct), 422, 'unprocessable_entity');
        }
      }
    });
  }

  it('the Content-Type must be a permitted type and match the bytes; a missing one is refused', async () => {
    const p = await img.png();
    const j = await img.jpeg();
    const i = img.ico(await img.png(32, 32));
    const cases: [Slot, Buffer, string | null][] = [
      ['logo', p, 'image/jpeg'],
      ['logo', j, 'image/png'],
      ['link_preview_favicon', i, 'image/png'],
      ['link_preview_favicon', p, 'image/x-icon'],
      ['logo', p, 'application/octet-stream'],
      ['logo', p, 'image/jpg'],
      ['logo', p, 'text/plain'],
      ['logo', p, 'application/json'],
      ['logo', p, 'image/gif'],
      ['logo', p, null],
      ['banner', j, null],
    ];
    for (const [slot, bytes, ct] of cases) {
      const e = envelope(await putImage(api, brand.id, slot, bytes, ct), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), `${slot} ${ct}`).toContain(slot);
    }
    // And matching ones pass.
    expectImage(ok(await putImage(api, brand.id, 'logo', p, 'image/png')).logo, { content_type: 'image/png', size: p.length, width: 64, height: 32 });
    expectImage(ok(await putImage(api, brand.id, 'logo', j, 'image/jpeg')).logo, { content_type: 'image/jpeg', size: j.length });
    expectImage(ok(await putImage(api, brand.id, 'link_preview_favicon', i, 'image/x-icon')).link_preview_favicon, {
      content_type: 'image/x-icon',
      size: i.length,
      width: 32,
      height: 32,
    });
  });

  it('truncated PNG, JPEG and ICO files, empty bodies and non-images are refused', async () => {
    const np = await img.noise('png');
    const nj = await img.noise('jpeg');
    const i = img.ico(await img.png(32, 32));
    const cases: [Slot, Buffer, string][] = [
      ['logo', np.subarray(0, Math.floor(np.length * 0.6)), 'image/png'],
      ['logo', np.subarray(0, np.length - 20), 'image/png'],
      ['banner', nj.subarray(0, Math.floor(nj.length * 0.6)), 'image/jpeg'],
      ['banner', nj.subarray(0, nj.length - 2), 'image/jpeg'],
      ['link_preview_favicon', i.subarray(0, i.length - 10), 'image/x-icon'],
      ['link_preview_favicon', i.subarray(0, 6), 'image/x-icon'],
      ['logo', Buffer.alloc(0), 'image/png'],
      ['logo', Buffer.from('<!doctype html><p>hi</p>'), 'image/png'],
      ['logo', Buffer.from(np.subarray(0, 8)), 'image/png'],
      // Cut just before its IEND chunk: every pixel is there, the file is still incomplete.
      ['logo', np.subarray(0, np.length - 12), 'image/png'],
      // ICOs whose directory is consistent but whose image is not whole, or not an image.
      ['link_preview_favicon', img.ico(np.subarray(0, Math.floor(np.length * 0.6))), 'image/x-icon'],
      ['link_preview_favicon', img.ico(Buffer.alloc(400, 7)), 'image/x-icon'],
      ['link_preview_favicon', img.ico(img.icoBmp(16).subarray(22, 22 + 40 + 100), 16), 'image/x-icon'],
    ];
    for (const [slot, bytes, ct] of cases) {
      envelope(await putImage(api, brand.id, slot, bytes, ct), 422, 'unprocessable_entity');
    }
    // The complete files are fine, an ICO holding a BMP image too.
    ok(await putImage(api, brand.id, 'logo', np, 'image/png'));
    ok(await putImage(api, brand.id, 'banner', nj, 'image/jpeg'));
    const bmp = img.icoBmp(16);
    expectImage(ok(await putImage(api, brand.id, 'link_preview_favicon', bmp, 'image/x-icon')).link_preview_favicon, {
      content_type: 'image/x-icon',
      size: bmp.length,
      width: 16,
      height: 16,
    });
    ok(await putImage(api, brand.id, 'link_preview_favicon', img.ico(np, 200), 'image/x-icon'));
  });

  it('an unknown slot is 404', async () => {
    for (const slot of ['icon', 'favicon', 'LOGO', 'logo.png', 'logo_url', 'banner_hidden', 'link-preview-image']) {
      envelope(await putImage(api, brand.id, slot, await img.png(), 'image/png'), 404, 'not_found');
    }
  });

  it('a body over 4.5 MB is 413 and changes nothing', async () => {
    const before = ok(await api.get(`/v1/brands/${brand.id}`));
    const big = img.padPng(await img.png(), 4.5 * MB + 1);
    for (const slot of ['banner', 'logo']) {
      envelope(await putImage(api, brand.id, slot, big, 'image/png'), 413, 'payload_too_large');
    }
    expect(ok(await api.get(`/v1/brands/${brand.id}`))).toEqual(before);
  });
});

describe('image files: served, replaced, removed, released', SPAWNS, () => {
  let api: Api;
  beforeAll(async () => {
    api = await teamApi('datarooms-plus');
  });

  it('URLs are absolute, public (no token), immutable and typed; unknown or stale names are 404', async () => {
    const b = await create(api, { name: 'Served' });
    const bytes = await img.png(10, 20, '#00ffff');
    const logo = ok(await putImage(api, b.id, 'logo', bytes, 'image/png')).logo;
    expectImage(logo, { content_type: 'image/png', size: bytes.length, width: 10, height: 20 });
    await expectServed(logo.url, bytes, 'image/png');
    const u = new URL(logo.url);
    const [, , id, file] = u.pathname.split('/');
    expect((await getImage(`${u.origin}/images/${id}/0000000000000000.png`)).status).toBe(404);
    expect((await getImage(`${u.origin}/images/${id}/${file!.replace('.png', '.jpg')}`)).status).toBe(404);
    expect((await getImage(`${u.origin}/images/nosuchimage/${file}`)).status).toBe(404);
  });

  it('replacing an image releases the old file; the same bytes again get a working URL', async () => {
    const b = await create(api, { name: 'Replace' });
    const one = await img.png(8, 8, '#111111');
    const two = await img.jpeg(9, 9);
    const first = ok(await putImage(api, b.id, 'logo', one, 'image/png')).logo;
    const second = ok(await putImage(api, b.id, 'logo', two, 'image/jpeg')).logo;
    expect(second.url).not.toBe(first.url);
    await expectGone(first.url);
    await expectServed(second.url, two, 'image/jpeg');
    const third = ok(await putImage(api, b.id, 'logo', two, 'image/jpeg')).logo;
    await expectServed(third.url, two, 'image/jpeg');
    if (third.url !== second.url) await expectGone(second.url);
    // By source_url in a PATCH too.
    const fourth = ok(await api.patch(`/v1/brands/${b.id}`, { logo: { source_url: fixture('/brand/logo.png') } })).logo;
    expectImage(fourth, { content_type: 'image/png', size: (await img.png(64, 32, '#ff0000')).length, width: 64, height: 32 });
    await expectGone(third.url);
    await expectServed(fourth.url, await img.png(64, 32, '#ff0000'), 'image/png');
  });

  it('null removes an image and releases its file; other slots are untouched', async () => {
    const b = await create(api, { name: 'Remove' });
    const p = await img.png();
    const logo = ok(await putImage(api, b.id, 'logo', p, 'image/png')).logo;
    const banner = ok(await putImage(api, b.id, 'banner', p, 'image/png')).banner;
    const fav = ok(await putImage(api, b.id, 'link_preview_favicon', p, 'image/png')).link_preview_favicon;
    const after = ok(await api.patch(`/v1/brands/${b.id}`, { logo: null }));
    expect(after.logo).toBeNull();
    expect(after.banner).toEqual(banner);
    expect(after.link_preview_favicon).toEqual(fav);
    await expectGone(logo.url);
    await expectServed(banner.url, p, 'image/png');
    const cleared = ok(await api.patch(`/v1/brands/${b.id}`, { link_preview_favicon: null, banner: null }));
    expect(cleared).toMatchObject({ banner: null, banner_hidden: false, link_preview_favicon: null });
    await expectGone(banner.url);
    await expectGone(fav.url);
  });

  it('banner { hidden: true } hides it: banner null, banner_hidden true, its file released; null or a new banner shows one again', async () => {
    const b = await create(api, { name: 'Hidden banner' });
    const banner = ok(await putImage(api, b.id, 'banner', await img.jpeg(), 'image/jpeg')).banner;
    const hidden = ok(await api.patch(`/v1/brands/${b.id}`, { banner: { hidden: true } }));
    expect(hidden).toMatchObject({ banner: null, banner_hidden: true });
    await expectGone(banner.url);
    expect(ok(await api.get(`/v1/brands/${b.id}`))).toMatchObject({ banner: null, banner_hidden: true });
    expect(ok(await api.patch(`/v1/brands/${b.id}`, { banner: null }))).toMatchObject({ banner: null, banner_hidden: false });
    ok(await api.patch(`/v1/brands/${b.id}`, { banner: { hidden: true } }));
    const shown = ok(await api.patch(`/v1/brands/${b.id}`, { banner: { source_url: fixture('/brand/photo.jpg') } }));
    expect(shown.banner_hidden).toBe(false);
    expectImage(shown.banner, { content_type: 'image/jpeg', size: shown.banner.size, width: 120, height: 60 });
    ok(await api.patch(`/v1/brands/${b.id}`, { banner: { hidden: true } }));
    const raw = ok(await putImage(api, b.id, 'banner', await img.png(), 'image/png'));
    expect(raw.banner_hidden).toBe(false);
    expect(raw.banner).not.toBeNull();
    // Created hidden.
    expect(await create(api, { name: 'Born hidden', banner: { hidden: true } })).toMatchObject({ banner: null, banner_hidden: true });
  });

  it('uploads racing the brand’s delete answer 200 or 404, never fail, and leave no file served', async () => {
    const bytes = await img.png();
    for (let round = 0; round < 4; round++) {
      const b = await create(api, { name: `Racing ${round}` });
      const [a, c, del] = await Promise.all([
        putImage(api, b.id, 'logo', bytes, 'image/png'),
        putImage(api, b.id, 'banner', bytes, 'image/png'),
        api.del(`/v1/brands/${b.id}`),
      ]);
      ok(del);
      for (const [r, slot] of [
        [a, 'logo'],
        [c, 'banner'],
      ] as const) {
        if (r.status === 200) await expectGone(r.body[slot].url);
        else envelope(r, 404, 'not_found');
      }
    }
  });

  it('deleting a brand releases every image file it had', async () => {
    const b = await create(api, {
      name: 'Short-lived',
      logo: { source_url: fixture('/brand/logo.png') },
      banner: { source_url: fixture('/brand/photo.jpg') },
      link_preview_image: { source_url: fixture('/brand/photo.jpg') },
      link_preview_favicon: { source_url: fixture('/brand/favicon.ico') },
    });
    const urls = SLOTS.map((s) => b[s].url as string);
    for (const u of urls) expect((await getImage(u)).status).toBe(200);
    ok(await api.del(`/v1/brands/${b.id}`));
    for (const u of urls) await expectGone(u);
  });
});

describe('images by source_url', SPAWNS, () => {
  let api: Api;
  let brand: any;
  let wire: Awaited<ReturnType<typeof tripwire>>;
  beforeAll(async () => {
    api = await teamApi('datarooms-plus');
    brand = await create(api, { name: 'Fetched' });
    wire = await tripwire();
  });
  afterAll(async () => {
    await wire?.close();
  });

  it('fetches PNG, JPEG and ICO; the type comes from the bytes, not the remote Content-Type; no source_url is echoed', async () => {
    const b = await create(api, {
      name: 'By URL',
      logo: { source_url: fixture('/brand/png-served-as-text') },
      banner: { source_url: fixture('/brand/jpeg-named-png.png') },
      link_preview_image: { source_url: fixture('/brand/photo.jpg') },
      link_preview_favicon: { source_url: fixture('/brand/favicon.ico') },
    });
    expectImage(b.logo, { content_type: 'image/png', size: (await img.png(64, 32, '#ff0000')).length, width: 64, height: 32 });
    expectImage(b.banner, { content_type: 'image/jpeg', size: (await img.jpeg(120, 60)).length, width: 120, height: 60 });
    expectImage(b.link_preview_image, { content_type: 'image/jpeg', size: b.banner.size, width: 120, height: 60 });
    expectImage(b.link_preview_favicon, { content_type: 'image/x-icon', size: b.link_preview_favicon.size, width: 32, height: 32 });
    expect(JSON.stringify(b)).not.toContain('source_url');
    expect(JSON.stringify(b)).not.toContain(fixture(''));
    expect(JSON.stringify(ok(await api.get(`/v1/brands/${b.id}`)))).not.toContain('source_url');
    await expectServed(b.logo.url, await img.png(64, 32, '#ff0000'), 'image/png');
    await expectServed(b.banner.url, await img.jpeg(120, 60), 'image/jpeg');
    expect((await getImage(b.link_preview_favicon.url)).headers.get('content-type')).toBe('image/x-icon');
  });

  it('size limits hold to the byte for fetched files too', async () => {
    const cases: [Slot, string, number | null][] = [
      ['logo', '/brand/png-2mb.png', 2 * MB],
      ['logo', '/brand/png-2mb-plus-1.png', null],
      ['banner', '/brand/png-2mb-plus-1.png', 2 * MB + 1],
      ['banner', '/brand/jpeg-4mb.jpg', 4 * MB],
      ['banner', '/brand/jpeg-4mb-plus-1.jpg', null],
      ['link_preview_image', '/brand/jpeg-4mb.jpg', 4 * MB],
      ['link_preview_image', '/brand/jpeg-4mb-plus-1.jpg', null],
      ['link_preview_favicon', '/brand/ico-1mb.ico', 1 * MB],
      ['link_preview_favicon', '/brand/ico-1mb-plus-1.ico', null],
      ['logo', '/brand/jpeg-4mb.jpg', null],
    ];
    for (const [slot, path, size] of cases) {
      const r = await api.patch(`/v1/brands/${brand.id}`, { [slot]: { source_url: fixture(path) } });
      if (size === null) {
        const e = envelope(r, 422, 'unprocessable_entity');
        expect(Object.keys(e.details.fieldErrors), `${slot} ${path}`).toContain(slot);
      } else {
        expect(ok(r)[slot].size, `${slot} ${path}`).toBe(size);
      }
    }
  });

  it('refuses SVG, WebP, GIF, HTML, truncated files, missing files and types the slot does not take', async () => {
    const cases: [Slot, string][] = [
      ['logo', '/brand/logo.svg'],
      ['logo', '/brand/svg-served-as-png.png'],
      ['banner', '/brand/logo.webp'],
      ['link_preview_favicon', '/brand/logo.svg'],
      ['link_preview_favicon', '/brand/logo.webp'],
      ['link_preview_image', '/brand/logo.gif'],
      ['logo', '/brand/page.html'],
      ['logo', '/brand/truncated.png'],
      ['banner', '/brand/no-such-file.png'],
      ['logo', '/brand/favicon.ico'],
      ['link_preview_favicon', '/brand/photo.jpg'],
    ];
    const before = ok(await api.get(`/v1/brands/${brand.id}`));
    for (const [slot, path] of cases) {
      const e = envelope(await api.patch(`/v1/brands/${brand.id}`, { [slot]: { source_url: fixture(path) } }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), `${slot} ${path}`).toContain(slot);
    }
    expect(ok(await api.get(`/v1/brands/${brand.id}`))).toEqual(before);
  });

  it('refuses http:// and private, loopback and link-local addresses without connecting', async () => {
    // The tripwire counts connections (this one proves it can).
    await fetch(`http://127.0.0.1:${wire.port}/`).catch(() => {});
    expect(wire.connections()).toBe(1);
    const urls = [
      'http://example.com/logo.png',
      `http://127.0.0.1:${wire.port}/logo.png`,
      `https://127.0.0.1:${wire.port}/logo.png`,
      `https://localhost:${wire.port}/logo.png`,
      `http://localhost:${wire.port}/logo.png`,
      `https://[::ffff:127.0.0.1]:${wire.port}/logo.png`,
      'https://10.0.0.1/logo.png',
      'https://192.168.1.1/logo.png',
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/latest/meta-data/',
      `https://user:pass@127.0.0.1:${wire.port}/logo.png`,
    ];
    for (const u of urls) {
      const e = envelope(await api.patch(`/v1/brands/${brand.id}`, { logo: { source_url: u } }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), u).toContain('logo');
    }
    expect(wire.connections()).toBe(1);
  });

  it('refuses a redirect from the allowed origin to an internal address without connecting to it', async () => {
    const before = wire.connections();
    const redirect = (to: string) => fixture(`/redirect-to/${encodeURIComponent(to)}`);
    // Redirects are followed: to a file of the allowed origin it works.
    expect(ok(await api.patch(`/v1/brands/${brand.id}`, { logo: { source_url: redirect(fixture('/brand/logo.png')) } })).logo).not.toBeNull();
    const targets = [
      `http://127.0.0.1:${wire.port}/logo.png`,
      `https://127.0.0.1:${wire.port}/logo.png`,
      `https://localhost:${wire.port}/logo.png`,
      `http://localhost:${wire.port}/logo.png`,
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/logo.png',
    ];
    const current = ok(await api.get(`/v1/brands/${brand.id}`)).logo;
    for (const t of targets) {
      const e = envelope(await api.patch(`/v1/brands/${brand.id}`, { logo: { source_url: redirect(t) } }), 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), t).toContain('logo');
      envelope(await api.post('/v1/brands', { name: `Redirected ${t}`, banner: { source_url: redirect(t) } }), 422, 'unprocessable_entity');
    }
    expect(wire.connections()).toBe(before);
    expect(ok(await api.get(`/v1/brands/${brand.id}`)).logo).toEqual(current);
  });

  it('a write with one bad image writes nothing (not the good images either)', async () => {
    const names = async () => (await list(api)).map((b) => b.name).sort();
    const namesBefore = await names();
    envelope(
      await api.post('/v1/brands', {
        name: 'Half good',
        logo: { source_url: fixture('/brand/logo.png') },
        banner: { source_url: fixture('/brand/logo.svg') },
      }),
      422,
      'unprocessable_entity',
    );
    expect(await names()).toEqual(namesBefore);
    const before = ok(await api.get(`/v1/brands/${brand.id}`));
    envelope(
      await api.patch(`/v1/brands/${brand.id}`, {
        brand_color: '#010203',
        banner: { source_url: fixture('/brand/photo.jpg') },
        logo: { source_url: fixture('/brand/truncated.png') },
      }),
      422,
      'unprocessable_entity',
    );
    expect(ok(await api.get(`/v1/brands/${brand.id}`))).toEqual(before);
  });
});

describe('deleting a brand: rooms pinned to it fall back to the team default (spec 3.2)', SPAWNS, () => {
  it('team_brand rooms become team_default and show the default brand; custom rooms and rooms on other brands are unaffected', async () => {
    const api = await teamApi('datarooms-plus', 'branding.read,branding.write,datarooms.read,datarooms.write');
    const def = await create(api, { name: 'Default', brand_color: '#111111' });
    const doomed = await create(api, { name: 'Doomed', brand_color: '#222222', logo: { source_url: fixture('/brand/logo.png') } });
    const room = async (name: string) => ok(await api.post('/v1/datarooms', { name }), 201);
    const branding = async (id: string) => ok(await api.get(`/v1/datarooms/${id}/branding`));

    const onDefault = await room('On default');
    const pinned = await room('Pinned');
    ok(await api.patch(`/v1/datarooms/${pinned.id}/branding`, { mode: 'team_brand', brand_id: doomed.id }));
    const custom = await room('Custom');
    ok(await api.patch(`/v1/datarooms/${custom.id}/branding`, { mode: 'team_brand', brand_id: doomed.id }));
    const customBody = ok(await api.patch(`/v1/datarooms/${custom.id}/branding`, { mode: 'custom', welcome_message: 'Own words' }));
    expect(customBody.custom).toMatchObject({ brand_color: '#222222', welcome_message: 'Own words' });
    expect((await branding(pinned.id)).effective).toMatchObject({ brand_color: '#222222', logo_url: doomed.logo.url });

    ok(await api.del(`/v1/brands/${doomed.id}`));

    const p = await branding(pinned.pid);
    expect(p).toMatchObject({ mode: 'team_default', brand_id: null });
    expect(p.effective).toMatchObject({ brand_color: '#111111', logo_url: `${new URL(doomed.logo.url).origin}/brand/quire-logo.png` });
    expect(await branding(onDefault.id)).toMatchObject({ mode: 'team_brand', brand_id: def.id, effective: { brand_color: '#111111' } });
    const c = await branding(custom.id);
    expect(c.mode).toBe('custom');
    expect(c.custom).toEqual(customBody.custom);
    expect(c.effective).toMatchObject({ brand_color: '#222222', welcome_message: 'Own words' });
    // The custom room owns a copy of the logo: the brand's file went, the room's stays.
    await expectGone(doomed.logo.url);
    expect(c.custom.logo.url).not.toBe(doomed.logo.url);
    expect((await getImage(c.effective.logo_url)).status).toBe(200);

    // When the default itself goes, rooms on team_default follow the new default.
    const next = await create(api, { name: 'Next', brand_color: '#333333' });
    ok(await api.del(`/v1/brands/${def.id}`));
    expect(await defaults(api)).toEqual([next.id]);
    expect((await branding(pinned.id)).effective.brand_color).toBe('#333333');
    expect(await branding(onDefault.id)).toMatchObject({ mode: 'team_default', brand_id: null, effective: { brand_color: '#333333' } });
  });
});
