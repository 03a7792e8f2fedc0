// Room branding over real HTTP (spec 2.10, 3.1, 3.4, 4.3, 7; DESIGN "Brands and branding"):
// the three modes and every transition, pinning at creation, wrong-mode fields, raw image
// uploads in custom mode only, frozen rooms, and `effective` as exactly what a visitor sees
// (the service's own logo and banner, hidden logo and banner, fields masked by the plan).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, envelope } from '../support/api';
import {
  expectGone,
  expectImage,
  expectServed,
  getImage,
  putBytes,
  serviceBanner,
  serviceLogo,
  SETTING_DEFAULTS,
  SETTINGS_KEYS,
  SPAWNS,
  teamApi,
  type Api,
} from '../support/branding';
import { fixture, ok, tripwire } from '../support/docs';
import * as img from '../support/images';

const SCOPES = 'branding.read,branding.write,datarooms.read,datarooms.write';
const BRANDING_KEYS = ['brand_id', 'custom', 'dataroom_id', 'dataroom_pid', 'effective', 'mode', 'object'];
/** DESIGN: effective has the image URLs and every other brand field except id, name, is_default. */
const EFFECTIVE_KEYS = [
  'brand_color',
  'logo_url',
  'banner_url',
  'link_preview_image_url',
  'link_preview_favicon_url',
  ...SETTINGS_KEYS.filter((k) => !['brand_color', 'logo', 'banner', 'link_preview_image', 'link_preview_favicon'].includes(k)),
];

const room = async (api: Api, name = 'Room') => ok(await api.post('/v1/datarooms', { name }), 201);
const brand = async (api: Api, body: Record<string, unknown>) => ok(await api.post('/v1/brands', body), 201);
const getBranding = async (api: Api, id: string) => ok(await api.get(`/v1/datarooms/${id}/branding`));
const patchBranding = (api: Api, id: string, body: unknown) => api.patch(`/v1/datarooms/${id}/branding`, body);
const setBranding = async (api: Api, id: string, body: unknown) => ok(await patchBranding(api, id, body));
const putRoomImage = (api: Api, id: string, slot: string, bytes: Buffer, contentType: string | null) =>
  putBytes(api.token, `/v1/datarooms/${id}/branding/images/${slot}`, bytes, contentType);
/** The settings part of a brand, as a room's `custom` holds it. */
const settingsOf = (b: any) => Object.fromEntries(SETTINGS_KEYS.map((k) => [k, b[k]]));

describe('the branding object and the mode at creation', SPAWNS, () => {
  it('a room of a team without brands is team_default and shows the service defaults, by id and dr_ id', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    const r = await room(api);
    for (const id of [r.id, r.pid]) {
      const b = await getBranding(api, id);
      expect(Object.keys(b).sort()).toEqual(BRANDING_KEYS);
      expect(b).toMatchObject({ object: 'dataroom_branding', dataroom_id: r.id, dataroom_pid: r.pid, mode: 'team_default', brand_id: null, custom: null });
      expect(Object.keys(b.effective)).toEqual(expect.arrayContaining(EFFECTIVE_KEYS));
      expect(b.effective).toMatchObject({
        logo_url: serviceLogo(),
        banner_url: serviceBanner(),
        hide_logo: false,
        banner_hidden: false,
        welcome_message: null,
        cta_label: null,
        cta_url: null,
        card_layout: 'grid',
        show_folder_tree: true,
        viewer_layout_preset: 'standard',
        viewer_header_style: 'solid',
        hide_folder_icons_in_main: false,
        default_language: 'en',
      });
      expect(b.effective.brand_color).toMatch(/^#[0-9a-f]{6}$/);
    }
    // The service's own images are real files.
    const logoFile = await getImage(serviceLogo());
    expect(logoFile.status).toBe(200);
    expect(logoFile.headers.get('content-type')).toMatch(/^image\/png/);
    // The service banner is drawn in the colour shown (issue 26), as an SVG that runs nothing.
    const bannerFile = await getImage(serviceBanner());
    expect(bannerFile.status).toBe(200);
    expect(bannerFile.headers.get('content-type')).toBe('image/svg+xml');
    expect(bannerFile.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await getImage(`${new URL(serviceBanner()).origin}/brand/banner/nothex.svg`)).status).toBe(404);
    // The team's first brand becomes what a team_default room shows, its banner in its colour.
    const a = await brand(api, { name: 'First', brand_color: '#123456' });
    expect(await getBranding(api, r.id)).toMatchObject({ mode: 'team_default', brand_id: null, effective: { brand_color: '#123456', banner_url: serviceBanner('#123456') } });
    expect(serviceBanner('#123456')).toMatch(/\/brand\/banner\/123456\.svg$/);
    expect((await getImage(serviceBanner('#123456'))).status).toBe(200);
    expect(a.is_default).toBe(true);
  });

  it('a new room is team_brand, pinned to the brand that is default at that moment; later default changes do not move it', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    const a = await brand(api, { name: 'A', brand_color: '#aaaaaa' });
    const r1 = await room(api, 'R1');
    expect(await getBranding(api, r1.id)).toMatchObject({ mode: 'team_brand', brand_id: a.id, custom: null, effective: { brand_color: '#aaaaaa' } });
    const b = await brand(api, { name: 'B', brand_color: '#bbbbbb', is_default: true });
    const r2 = await room(api, 'R2');
    expect(await getBranding(api, r1.pid)).toMatchObject({ mode: 'team_brand', brand_id: a.id, effective: { brand_color: '#aaaaaa' } });
    expect(await getBranding(api, r2.pid)).toMatchObject({ mode: 'team_brand', brand_id: b.id, effective: { brand_color: '#bbbbbb' } });
    ok(await api.patch(`/v1/brands/${a.id}`, { is_default: true }));
    expect((await getBranding(api, r2.id)).brand_id).toBe(b.id);
    // Changes to the pinned brand show at once.
    ok(await api.patch(`/v1/brands/${b.id}`, { brand_color: '#b0b0b0' }));
    expect((await getBranding(api, r2.id)).effective.brand_color).toBe('#b0b0b0');
  });

  it('rooms created while the default brand is being deleted end up pinned to a live brand or on team_default', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    for (let round = 0; round < 3; round++) {
      const doomed = await brand(api, { name: `Doomed ${round}`, is_default: true });
      await brand(api, { name: `Heir ${round}` });
      const [del, ...rooms] = await Promise.all([
        api.del(`/v1/brands/${doomed.id}`),
        ...Array.from({ length: 8 }, (_, i) => api.post('/v1/datarooms', { name: `Race ${round}.${i}` })),
      ]);
      ok(del);
      const live = new Set((ok(await api.get('/v1/brands')).data as any[]).map((b) => b.id));
      for (const r of rooms) {
        const b = await getBranding(api, ok(r, 201).id);
        if (b.mode === 'team_brand') expect(live.has(b.brand_id), JSON.stringify(b)).toBe(true);
        else expect(b, JSON.stringify(b)).toMatchObject({ mode: 'team_default', brand_id: null });
      }
    }
  });
});

describe('room branding writes racing brand deletes', SPAWNS, () => {
  it('never fail and never leave a team_brand room without a live brand', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    await brand(api, { name: 'Stays', brand_color: '#010101' });
    const rooms = await Promise.all(Array.from({ length: 6 }, (_, i) => room(api, `Racer ${i}`)));
    for (let round = 0; round < 4; round++) {
      const doomed = await brand(api, { name: `Doomed ${round}`, logo: { source_url: fixture('/brand/logo.png') } });
      // Half the rooms pin the doomed brand while it goes; the other half start custom from it.
      const half = rooms.length / 2;
      await Promise.all(rooms.slice(half).map((r) => setBranding(api, r.id, { mode: 'team_brand', brand_id: doomed.id })));
      const results = await Promise.all([
        ...rooms.slice(0, half).map((r) => patchBranding(api, r.id, { mode: 'team_brand', brand_id: doomed.id })),
        ...rooms.slice(half).map((r) => patchBranding(api, r.id, { mode: 'custom' })),
        api.del(`/v1/brands/${doomed.id}`),
      ]);
      ok(results.pop()!);
      for (const r of results) {
        if (r.status !== 200) envelope(r, 404, 'not_found');
      }
      const live = new Set((ok(await api.get('/v1/brands')).data as any[]).map((b) => b.id));
      for (const r of rooms) {
        const b = await getBranding(api, r.id);
        if (b.mode === 'team_brand') expect(live.has(b.brand_id), JSON.stringify(b)).toBe(true);
        if (b.mode === 'team_default') expect(b.brand_id).toBeNull();
        if (b.custom?.logo) expect((await getImage(b.custom.logo.url)).status, JSON.stringify(b.custom.logo)).toBe(200);
        // Back to team_default (custom settings deleted) for the next round.
        await setBranding(api, r.id, { mode: 'team_default' });
      }
    }
  });
});

describe('transitions (spec 3.1)', SPAWNS, () => {
  let api: Api;
  let def: any;
  let pin: any;
  beforeAll(async () => {
    api = await teamApi('datarooms-plus', SCOPES);
    def = await brand(api, {
      name: 'Default',
      brand_color: '#101010',
      welcome_message: 'Default welcome',
      logo: { source_url: fixture('/brand/logo.png') },
    });
    pin = await brand(api, {
      name: 'Pinned',
      brand_color: '#202020',
      hide_logo: false,
      welcome_message: 'Pinned welcome',
      cta_label: 'Talk to us',
      cta_url: 'https://pinned.example/talk',
      custom_link_preview_enabled: true,
      link_preview_title: 'Pinned title',
      link_preview_description: 'Pinned description',
      card_layout: 'list',
      show_folder_tree: false,
      viewer_layout_preset: 'compact',
      viewer_header_style: 'light',
      hide_folder_icons_in_main: true,
      default_language: 'fr',
      logo: { source_url: fixture('/brand/logo.png') },
      banner: { source_url: fixture('/brand/photo.jpg') },
      link_preview_image: { source_url: fixture('/brand/photo.jpg') },
      link_preview_favicon: { source_url: fixture('/brand/favicon.ico') },
    });
  });

  it('team_brand with a brand of the team, by internal id and dr_ id', async () => {
    const r = await room(api);
    const b = await setBranding(api, r.pid, { mode: 'team_brand', brand_id: pin.id });
    expect(b).toMatchObject({ mode: 'team_brand', brand_id: pin.id, custom: null, dataroom_id: r.id, dataroom_pid: r.pid });
    expect(b.effective).toMatchObject({ brand_color: '#202020', logo_url: pin.logo.url, banner_url: pin.banner.url, welcome_message: 'Pinned welcome' });
    expect(await getBranding(api, r.id)).toEqual(b);
    expect((await setBranding(api, r.id, { mode: 'team_brand', brand_id: def.id })).brand_id).toBe(def.id);
  });

  it('first switch to custom starts from the pinned brand (images copied), then applies the sent fields', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'team_brand', brand_id: pin.id });
    const b = await setBranding(api, r.pid, { mode: 'custom', welcome_message: 'Room words', card_layout: 'grid' });
    expect(b).toMatchObject({ mode: 'custom', brand_id: null });
    const { logo, banner, link_preview_image, link_preview_favicon, ...rest } = settingsOf(pin);
    expect(b.custom).toMatchObject({ ...rest, welcome_message: 'Room words', card_layout: 'grid' });
    // The room owns copies: same bytes, own URLs.
    for (const [slot, src] of Object.entries({ logo, banner, link_preview_image, link_preview_favicon }) as [string, any][]) {
      const copy = b.custom[slot];
      expectImage(copy, { content_type: src.content_type, size: src.size, width: src.width, height: src.height });
      expect(copy.url).not.toBe(src.url);
      await expectServed(copy.url, (await getImage(src.url)).bytes, src.content_type);
    }
    expect(b.effective).toMatchObject({ brand_color: '#202020', welcome_message: 'Room words', card_layout: 'grid', logo_url: b.custom.logo.url });
    // Later changes to the brand do not reach the room's own settings.
    const other = await brand(api, { name: 'Source later edited', brand_color: '#303030' });
    const r2 = await room(api);
    await setBranding(api, r2.id, { mode: 'team_brand', brand_id: other.id });
    const c2 = (await setBranding(api, r2.id, { mode: 'custom' })).custom;
    ok(await api.patch(`/v1/brands/${other.id}`, { brand_color: '#404040' }));
    expect((await getBranding(api, r2.id)).custom).toEqual(c2);
    expect((await getBranding(api, r2.id)).effective.brand_color).toBe('#303030');
  });

  it('first switch to custom from team_default starts from the team default brand', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'team_default' });
    const b = await setBranding(api, r.id, { mode: 'custom', brand_color: '#ABCDEF' });
    const { logo, ...rest } = settingsOf(def);
    expect(b.custom).toMatchObject({ ...rest, brand_color: '#abcdef' });
    expectImage(b.custom.logo, { content_type: logo.content_type, size: logo.size });
    expect(b.effective).toMatchObject({ brand_color: '#abcdef', welcome_message: 'Default welcome', logo_url: b.custom.logo.url });
  });

  it('first switch to custom in a team without brands starts from the defaults', async () => {
    const bare = await teamApi('datarooms-plus', SCOPES);
    const r = await room(bare);
    const b = await setBranding(bare, r.id, { mode: 'custom', welcome_message: 'Only this' });
    expect(b.custom).toEqual({ ...SETTING_DEFAULTS, welcome_message: 'Only this' });
    expect(b.effective).toMatchObject({ logo_url: serviceLogo(), banner_url: serviceBanner(), welcome_message: 'Only this' });
  });

  it('brand fields without mode change a custom room; team_brand keeps them dormant; custom again restores them as they were', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'custom', welcome_message: 'Mine' });
    const logoBytes = await img.png(12, 12, '#00ff00');
    ok(await putRoomImage(api, r.id, 'logo', logoBytes, 'image/png'));
    const c1 = (await setBranding(api, r.id, { cta_label: 'Ask', cta_url: 'https://ask.example', banner: { hidden: true } })).custom;
    expect(c1).toMatchObject({ welcome_message: 'Mine', cta_label: 'Ask', cta_url: 'https://ask.example', banner: null, banner_hidden: true });

    const dormant = await setBranding(api, r.id, { mode: 'team_brand', brand_id: pin.id });
    expect(dormant).toMatchObject({ mode: 'team_brand', brand_id: pin.id, custom: c1 });
    expect(dormant.effective).toMatchObject({ brand_color: '#202020', welcome_message: 'Pinned welcome', banner_url: pin.banner.url });
    // Dormant images are kept, not released.
    await expectServed(c1.logo.url, logoBytes, 'image/png');

    const back = await setBranding(api, r.pid, { mode: 'custom' });
    expect(back).toMatchObject({ mode: 'custom', brand_id: null, custom: c1 });
    expect(back.effective).toMatchObject({ welcome_message: 'Mine', cta_label: 'Ask', logo_url: c1.logo.url, banner_url: null });

    // Restored, then the sent fields are applied.
    await setBranding(api, r.id, { mode: 'team_brand', brand_id: def.id });
    const again = await setBranding(api, r.id, { mode: 'custom', brand_color: '#0a0b0c' });
    expect(again.custom).toEqual({ ...c1, brand_color: '#0a0b0c' });
  });

  it('team_default deletes the custom settings and releases their images; a later custom starts afresh', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'custom', welcome_message: 'Soon gone', banner: { source_url: fixture('/brand/photo.jpg') } });
    const withLogo = ok(await putRoomImage(api, r.id, 'logo', await img.jpeg(20, 10), 'image/jpeg'));
    const urls = [withLogo.custom.logo.url, withLogo.custom.banner.url];
    for (const u of urls) expect((await getImage(u)).status).toBe(200);

    const b = await setBranding(api, r.id, { mode: 'team_default' });
    expect(b).toMatchObject({ mode: 'team_default', brand_id: null, custom: null });
    expect(b.effective).toMatchObject({ brand_color: '#101010', welcome_message: 'Default welcome', logo_url: def.logo.url });
    for (const u of urls) await expectGone(u);

    const fresh = await setBranding(api, r.id, { mode: 'custom' });
    expect(fresh.custom.welcome_message).toBe('Default welcome');
    expect(fresh.custom.banner).toBeNull();

    // From team_brand with dormant settings too.
    await setBranding(api, r.id, { mode: 'team_brand', brand_id: pin.id });
    const dormantLogo = fresh.custom.logo.url;
    expect((await getImage(dormantLogo)).status).toBe(200);
    expect(await setBranding(api, r.id, { mode: 'team_default' })).toMatchObject({ mode: 'team_default', custom: null });
    await expectGone(dormantLogo);
  });

  it('deleting a room releases its custom images', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'custom' });
    const b = ok(await putRoomImage(api, r.id, 'banner', await img.png(30, 10), 'image/png'));
    const copied = b.custom.logo.url;
    await expectServed(b.custom.banner.url, await img.png(30, 10), 'image/png');
    ok(await api.del(`/v1/datarooms/${r.id}`));
    await expectGone(b.custom.banner.url);
    await expectGone(copied);
    // The brand's own image is not the room's to release.
    expect((await getImage(def.logo.url)).status).toBe(200);
  });
});

describe('refusals', SPAWNS, () => {
  let api: Api;
  let b1: any;
  let theirs: any;
  beforeAll(async () => {
    api = await teamApi('datarooms-plus', SCOPES);
    b1 = await brand(api, { name: 'Mine' });
    const other = await teamApi('datarooms-plus', SCOPES);
    theirs = await brand(other, { name: 'Theirs' });
  });

  /** The request is refused and the room's branding is as it was. */
  const refusedUnchanged = async (id: string, body: unknown, status: number, code: string) => {
    const before = await getBranding(api, id);
    const e = envelope(await patchBranding(api, id, body), status, code);
    expect(await getBranding(api, id), JSON.stringify(body)).toEqual(before);
    return e;
  };

  it('brand_id is taken only with mode team_brand (422), and team_brand needs one', async () => {
    const r = await room(api);
    for (const body of [
      { mode: 'team_default', brand_id: b1.id },
      { mode: 'custom', brand_id: b1.id },
      { brand_id: b1.id },
      { mode: 'team_brand' },
    ]) {
      const e = await refusedUnchanged(r.id, body, 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors), JSON.stringify(body)).toContain('brand_id');
    }
  });

  it('brand fields with team_default or team_brand are 422 naming every field', async () => {
    const r = await room(api);
    const fields = { brand_color: '#111111', welcome_message: 'x', logo: null, card_layout: 'list' };
    for (const body of [
      { mode: 'team_default', ...fields },
      { mode: 'team_brand', brand_id: b1.id, ...fields },
    ]) {
      const e = await refusedUnchanged(r.id, body, 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors).sort(), JSON.stringify(body)).toEqual(Object.keys(fields).sort());
    }
  });

  it('brand fields without mode on a room not in custom mode are 422 naming them; nothing at all is 422', async () => {
    const pinned = await room(api);
    const onDefault = await room(api);
    await setBranding(api, onDefault.id, { mode: 'team_default' });
    for (const r of [pinned, onDefault]) {
      const e = await refusedUnchanged(r.id, { welcome_message: 'x', hide_logo: true }, 422, 'unprocessable_entity');
      expect(Object.keys(e.details.fieldErrors).sort()).toEqual(['hide_logo', 'welcome_message']);
      await refusedUnchanged(r.id, { banner: { hidden: true } }, 422, 'unprocessable_entity');
    }
    await refusedUnchanged(pinned.id, {}, 422, 'unprocessable_entity');
  });

  it('bad modes, unknown keys and bad field values are 422', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'custom' });
    await refusedUnchanged(r.id, { mode: 'brand' }, 422, 'unprocessable_entity');
    await refusedUnchanged(r.id, { mode: null }, 422, 'unprocessable_entity');
    const e = await refusedUnchanged(r.id, { mode: 'custom', colour: '#ffffff' }, 422, 'unprocessable_entity');
    expect(e.details.formErrors[0]).toContain('colour');
    await refusedUnchanged(r.id, { brand_color: 'blue' }, 422, 'unprocessable_entity');
    await refusedUnchanged(r.id, { cta_url: 'http://plain.example', cta_label: 'x' }, 422, 'unprocessable_entity');
    await refusedUnchanged(r.id, { cta_label: 'Only a label' }, 422, 'unprocessable_entity');
    await refusedUnchanged(r.id, { default_language: 'klingon' }, 422, 'unprocessable_entity');
    await refusedUnchanged(r.id, { logo: { source_url: fixture('/brand/logo.svg') } }, 422, 'unprocessable_entity');
    await refusedUnchanged(r.id, { link_preview_favicon: { source_url: fixture('/brand/photo.jpg') } }, 422, 'unprocessable_entity');
  });

  it('another team’s brand, or no such brand, is 404 and changes nothing', async () => {
    const r = await room(api);
    await refusedUnchanged(r.id, { mode: 'team_brand', brand_id: theirs.id }, 404, 'not_found');
    await refusedUnchanged(r.pid, { mode: 'team_brand', brand_id: 'nosuchbrand000000000000' }, 404, 'not_found');
  });

  it('an unknown room is 404 whatever the body', async () => {
    for (const id of ['nosuchroom', 'dr_nosuchroom']) {
      envelope(await api.get(`/v1/datarooms/${id}/branding`), 404, 'not_found');
      envelope(await patchBranding(api, id, { mode: 'team_default', brand_id: 'x' }), 404, 'not_found');
      envelope(await putRoomImage(api, id, 'nosuchslot', await img.png(), 'image/png'), 404, 'not_found');
    }
  });

  it('fields the plan lacks are 403 plan_restriction naming them; resets are not gated', async () => {
    const biz = await teamApi('business', SCOPES);
    const r = await room(biz);
    const before = await getBranding(biz, r.id);
    const e = envelope(await patchBranding(biz, r.id, { mode: 'custom', card_layout: 'list', default_language: 'de', welcome_message: 'ok' }), 403, 'plan_restriction');
    expect([...e.details.fields].sort()).toEqual(['card_layout', 'default_language']);
    expect(e.details.current_plan).toBe('business');
    expect(await getBranding(biz, r.id)).toEqual(before);
    expect((await setBranding(biz, r.id, { mode: 'custom', card_layout: 'grid', default_language: 'en', welcome_message: 'ok' })).custom).toMatchObject({
      card_layout: 'grid',
      default_language: 'en',
      welcome_message: 'ok',
    });

    const free = await teamApi('free', SCOPES);
    const fr = await room(free);
    const f = envelope(await patchBranding(free, fr.id, { mode: 'custom', brand_color: '#123123' }), 403, 'plan_restriction');
    expect(f.details).toMatchObject({ fields: ['brand_color'], current_plan: 'free' });
    expect((await getBranding(free, fr.id)).mode).toBe('team_default');
    const reset = await setBranding(free, fr.id, { mode: 'custom', brand_color: null, welcome_message: null, default_language: 'en' });
    expect(reset.custom).toEqual(SETTING_DEFAULTS);
    envelope(await putRoomImage(free, fr.id, 'logo', await img.png(), 'image/png'), 403, 'plan_restriction');
    const pro = await teamApi('pro', SCOPES);
    const pr = await room(pro);
    await setBranding(pro, pr.id, { mode: 'custom' });
    const p = envelope(await putRoomImage(pro, pr.id, 'link_preview_image', await img.png(), 'image/png'), 403, 'plan_restriction');
    expect(p.details).toMatchObject({ fields: ['link_preview_image'], current_plan: 'pro' });
    ok(await putRoomImage(pro, pr.id, 'logo', await img.png(), 'image/png'));
  });
});

describe('raw image uploads into a room', SPAWNS, () => {
  let api: Api;
  let def: any;
  beforeAll(async () => {
    api = await teamApi('datarooms-plus', SCOPES);
    def = await brand(api, { name: 'Default' });
  });

  it('in custom mode: stored in the custom settings, shown in effective, replaced with release, by id and dr_ id', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'custom' });
    const one = await img.png(40, 20, '#aa0000');
    const b = ok(await putRoomImage(api, r.id, 'logo', one, 'image/png'));
    expect(Object.keys(b).sort()).toEqual(BRANDING_KEYS);
    expectImage(b.custom.logo, { content_type: 'image/png', size: one.length, width: 40, height: 20 });
    expect(b.effective.logo_url).toBe(b.custom.logo.url);
    await expectServed(b.custom.logo.url, one, 'image/png');

    const two = await img.jpeg(50, 25);
    const c = ok(await putRoomImage(api, r.pid, 'logo', two, 'image/jpeg'));
    expectImage(c.custom.logo, { content_type: 'image/jpeg', size: two.length, width: 50, height: 25 });
    await expectGone(b.custom.logo.url);
    await expectServed(c.custom.logo.url, two, 'image/jpeg');

    const fav = img.ico(await img.png(32, 32));
    const d = ok(await putRoomImage(api, r.id, 'link_preview_favicon', fav, 'image/x-icon'));
    expect(d.effective.link_preview_favicon_url).toBe(d.custom.link_preview_favicon.url);
    const banner = ok(await putRoomImage(api, r.id, 'banner', await img.png(), 'image/png'));
    expect(banner.effective.banner_url).toBe(banner.custom.banner.url);
    // null through PATCH removes and releases.
    const cleared = await setBranding(api, r.id, { logo: null });
    expect(cleared.custom.logo).toBeNull();
    expect(cleared.effective.logo_url).toBe(serviceLogo());
    await expectGone(c.custom.logo.url);
  });

  it('the slot rules hold: types, sizes to the byte, Content-Type matching the bytes, unknown slot 404, body cap 413', async () => {
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'custom' });
    ok(await putRoomImage(api, r.id, 'logo', await img.imageOfSize('png', 2 * img.MB), 'image/png'));
    envelope(await putRoomImage(api, r.id, 'logo', await img.imageOfSize('png', 2 * img.MB + 1), 'image/png'), 422, 'unprocessable_entity');
    ok(await putRoomImage(api, r.id, 'link_preview_favicon', await img.imageOfSize('ico', img.MB), 'image/x-icon'));
    envelope(await putRoomImage(api, r.id, 'link_preview_favicon', await img.imageOfSize('ico', img.MB + 1), 'image/x-icon'), 422, 'unprocessable_entity');
    envelope(await putRoomImage(api, r.id, 'logo', img.svg(), 'image/svg+xml'), 422, 'unprocessable_entity');
    envelope(await putRoomImage(api, r.id, 'banner', await img.webp(), 'image/webp'), 422, 'unprocessable_entity');
    envelope(await putRoomImage(api, r.id, 'logo', img.ico(await img.png(32, 32)), 'image/x-icon'), 422, 'unprocessable_entity');
    envelope(await putRoomImage(api, r.id, 'link_preview_favicon', await img.jpeg(), 'image/jpeg'), 422, 'unprocessable_entity');
    envelope(await putRoomImage(api, r.id, 'logo', await img.png(), 'image/jpeg'), 422, 'unprocessable_entity');
    envelope(await putRoomImage(api, r.id, 'logo', await img.png(), null), 422, 'unprocessable_entity');
    const n = await img.noise('png');
    envelope(await putRoomImage(api, r.id, 'logo', n.subarray(0, n.length >> 1), 'image/png'), 422, 'unprocessable_entity');
    envelope(await putRoomImage(api, r.id, 'icon', await img.png(), 'image/png'), 404, 'not_found');
    envelope(await putRoomImage(api, r.id, 'banner', img.padPng(await img.png(), 4.5 * img.MB + 1), 'image/png'), 413, 'payload_too_large');
  });

  it('outside custom mode: 409 naming the current mode (and saying to switch to custom); nothing stored', async () => {
    const r = await room(api);
    for (const mode of ['team_brand', 'team_default']) {
      if (mode === 'team_default') await setBranding(api, r.id, { mode });
      const before = await getBranding(api, r.id);
      expect(before.mode).toBe(mode);
      const e = envelope(await putRoomImage(api, r.pid, 'logo', await img.png(), 'image/png'), 409, 'conflict');
      expect(e.message).toContain(mode);
      expect(e.message).toMatch(/custom/);
      expect(await getBranding(api, r.id)).toEqual(before);
    }
    // An unknown slot is 404 in any mode.
    envelope(await putRoomImage(api, r.id, 'icon', await img.png(), 'image/png'), 404, 'not_found');
    // Dormant custom settings do not make a team_brand room take uploads.
    await setBranding(api, r.id, { mode: 'custom' });
    await setBranding(api, r.id, { mode: 'team_brand', brand_id: def.id });
    envelope(await putRoomImage(api, r.id, 'logo', await img.png(), 'image/png'), 409, 'conflict');
  });

  it('uploads racing a switch out of custom mode answer 200 with their image or 409, and the 200s are what committed', async () => {
    const bytes = await img.png(24, 12);
    for (let round = 0; round < 4; round++) {
      const r = await room(api, `Racing ${round}`);
      await setBranding(api, r.id, { mode: 'custom' });
      const [up, sw] = await Promise.all([putRoomImage(api, r.id, 'logo', bytes, 'image/png'), patchBranding(api, r.id, { mode: 'team_default' })]);
      ok(sw);
      if (up.status === 200) {
        // The answer is the branding as the upload left it, not as the switch did.
        expect(up.body.mode).toBe('custom');
        expectImage(up.body.custom.logo, { content_type: 'image/png', size: bytes.length, width: 24, height: 12 });
      } else envelope(up, 409, 'conflict');
      // Either way the switch won last: no custom settings, no file served.
      const after = await getBranding(api, r.id);
      expect(after).toMatchObject({ mode: 'team_default', custom: null });
      if (up.status === 200) await expectGone(up.body.custom.logo.url);
    }
  });
});

describe('frozen rooms', SPAWNS, () => {
  let wire: Awaited<ReturnType<typeof tripwire>>;
  beforeAll(async () => {
    wire = await tripwire();
  });
  afterAll(async () => {
    await wire?.close();
  });

  it('refuse every branding change with 403 forbidden (no download attempted); reading works; unfreezing allows changes again', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    const other = await brand(api, { name: 'Default' });
    const r = await room(api);
    await setBranding(api, r.id, { mode: 'custom', welcome_message: 'Frozen words' });
    ok(await api.patch(`/v1/datarooms/${r.id}`, { is_frozen: true }));
    const before = await getBranding(api, r.id);
    const internal = fixture(`/redirect-to/${encodeURIComponent(`http://127.0.0.1:${wire.port}/x.png`)}`);
    for (const body of [
      { mode: 'team_default' },
      { mode: 'team_brand', brand_id: other.id },
      { mode: 'custom', welcome_message: 'Thawed?' },
      { welcome_message: 'Thawed?' },
      { logo: { source_url: fixture('/brand/logo.png') } },
      { logo: { source_url: internal } },
    ]) {
      for (const id of [r.id, r.pid]) {
        const e = envelope(await patchBranding(api, id, body), 403, 'forbidden');
        expect(e.message).toMatch(/frozen/);
      }
    }
    for (const slot of ['logo', 'banner']) {
      const e = envelope(await putRoomImage(api, r.id, slot, await img.png(), 'image/png'), 403, 'forbidden');
      expect(e.message).toMatch(/frozen/);
    }
    expect(wire.connections()).toBe(0);
    expect(await getBranding(api, r.pid)).toEqual(before);

    ok(await api.patch(`/v1/datarooms/${r.id}`, { is_frozen: false }));
    expect((await setBranding(api, r.id, { welcome_message: 'Thawed' })).custom.welcome_message).toBe('Thawed');
    ok(await putRoomImage(api, r.id, 'logo', await img.png(), 'image/png'));
  });

  it('a frozen room not in custom mode is 403 for uploads too', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    const r = await room(api);
    ok(await api.patch(`/v1/datarooms/${r.id}`, { is_frozen: true }));
    envelope(await putRoomImage(api, r.id, 'logo', await img.png(), 'image/png'), 403, 'forbidden');
    ok(await api.get(`/v1/datarooms/${r.id}/branding`));
  });
});

describe('effective: exactly what a visitor sees', SPAWNS, () => {
  it('the service logo and banner when unset; null when the logo is hidden or the banner hidden; the brand’s when set', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    const plain = await brand(api, { name: 'Plain' });
    const r = await room(api);
    expect((await getBranding(api, r.id)).effective).toMatchObject({ logo_url: serviceLogo(), banner_url: serviceBanner() });

    const withImages = ok(
      await api.patch(`/v1/brands/${plain.id}`, { logo: { source_url: fixture('/brand/logo.png') }, banner: { source_url: fixture('/brand/photo.jpg') } }),
    );
    expect((await getBranding(api, r.id)).effective).toMatchObject({ logo_url: withImages.logo.url, banner_url: withImages.banner.url });

    ok(await api.patch(`/v1/brands/${plain.id}`, { hide_logo: true, banner: { hidden: true } }));
    expect((await getBranding(api, r.id)).effective).toMatchObject({ logo_url: null, hide_logo: true, banner_url: null, banner_hidden: true });

    ok(await api.patch(`/v1/brands/${plain.id}`, { hide_logo: false, banner: null, logo: null }));
    expect((await getBranding(api, r.id)).effective).toMatchObject({ logo_url: serviceLogo(), banner_url: serviceBanner(), banner_hidden: false });

    // The same in custom mode.
    const c = await setBranding(api, r.id, { mode: 'custom', hide_logo: true, banner: { hidden: true } });
    expect(c.custom).toMatchObject({ hide_logo: true, banner_hidden: true, banner: null });
    expect(c.effective).toMatchObject({ logo_url: null, banner_url: null });
    const d = await setBranding(api, r.id, { hide_logo: false, banner: null });
    expect(d.effective).toMatchObject({ logo_url: serviceLogo(), banner_url: serviceBanner() });
    const shown = ok(await putRoomImage(api, r.id, 'banner', await img.png(), 'image/png'));
    expect(shown.effective.banner_url).toBe(shown.custom.banner.url);
    const hidden = await setBranding(api, r.id, { hide_logo: true });
    expect(hidden.effective.logo_url).toBeNull();
    expect(hidden.effective.banner_url).toBe(shown.custom.banner.url);
  });

  it('fields the team’s current plan lacks show their defaults (brand and custom), and come back with the plan', async () => {
    const api = await teamApi('datarooms-plus', SCOPES);
    const baseline = (await getBranding(api, (await room(api)).id)).effective;
    const full = {
      brand_color: '#0e0e0e',
      welcome_message: 'Full welcome',
      cta_label: 'Call',
      cta_url: 'https://call.example',
      custom_link_preview_enabled: true,
      link_preview_title: 'Card',
      link_preview_description: 'Card text',
      card_layout: 'list',
      show_folder_tree: false,
      viewer_layout_preset: 'sidebar',
      viewer_header_style: 'minimal',
      hide_folder_icons_in_main: true,
      default_language: 'nl',
    };
    const b = await brand(api, {
      name: 'Everything',
      ...full,
      logo: { source_url: fixture('/brand/logo.png') },
      link_preview_favicon: { source_url: fixture('/brand/favicon.ico') },
    });
    const pinned = await room(api, 'Pinned');
    const custom = await room(api, 'Custom');
    await setBranding(api, custom.id, { mode: 'custom' });
    const eff = async (id: string) => (await getBranding(api, id)).effective;

    for (const id of [pinned.id, custom.id]) {
      expect(await eff(id)).toMatchObject({ ...full, logo_url: expect.stringContaining('/images/') });
    }

    const LAYOUT_DEFAULTS = { card_layout: 'grid', show_folder_tree: true, viewer_layout_preset: 'standard', viewer_header_style: 'solid', hide_folder_icons_in_main: false };
    await admin(['team', 'set-plan', api.team, 'datarooms']);
    for (const id of [pinned.id, custom.id]) expect(await eff(id)).toMatchObject({ ...full, default_language: 'en' });

    await admin(['team', 'set-plan', api.team, 'business']);
    for (const id of [pinned.id, custom.id]) expect(await eff(id)).toMatchObject({ ...full, ...LAYOUT_DEFAULTS, default_language: 'en' });

    await admin(['team', 'set-plan', api.team, 'pro']);
    for (const id of [pinned.id, custom.id]) {
      const e = await eff(id);
      expect(e).toMatchObject({
        ...LAYOUT_DEFAULTS,
        default_language: 'en',
        brand_color: '#0e0e0e',
        welcome_message: null,
        cta_label: null,
        cta_url: null,
        custom_link_preview_enabled: false,
        link_preview_title: null,
        link_preview_description: null,
        link_preview_image_url: null,
      });
      expect(e.logo_url).toContain('/images/');
      expect(e.link_preview_favicon_url).toBe(baseline.link_preview_favicon_url);
    }

    await admin(['team', 'set-plan', api.team, 'free']);
    for (const id of [pinned.id, custom.id]) {
      const e = await eff(id);
      const { source, source_brand_id, ...shown } = e;
      const { source: s0, source_brand_id: s1, ...base } = baseline;
      expect(shown).toEqual(base);
      expect(e.logo_url).toBe(serviceLogo());
    }
    // What is stored is kept: the brand and the room's settings still hold every value.
    expect(ok(await api.get(`/v1/brands/${b.id}`))).toMatchObject(full);
    expect((await getBranding(api, custom.id)).custom).toMatchObject(full);

    await admin(['team', 'set-plan', api.team, 'datarooms-plus']);
    for (const id of [pinned.id, custom.id]) expect(await eff(id)).toMatchObject(full);
  });
});
