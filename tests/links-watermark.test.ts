// A watermark's placeholders must be fillable by the link that draws it (issue 26, item 2):
// `{{email}}` only where the visitor is asked for an email, `{{link_name}}` only on a named link.
// Links (create, update, from a preset), presets and groups that stop asking all answer 422.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';

type Api = ReturnType<typeof client>;
let api: Api;
let doc: any;
let room: any;

const EMAIL_WM = { text: 'Confidential · {{email}} · {{date}}' };

/** A 422 naming exactly `field`, whose message says what is wrong and how to fix it. */
async function refused(res: ReturnType<Api['get']>, field: string, ...words: string[]) {
  const e = envelope(await res, 422, 'unprocessable_entity');
  expect(Object.keys(e.details.fieldErrors)).toEqual([field]);
  for (const w of words) expect(e.message).toContain(w);
  return e;
}

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('wmark'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  doc = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/deck', name: 'Deck' }), 201);
  room = ok(await api.post('/v1/datarooms', { name: 'Watermarked room' }), 201);
});

describe('{{email}} needs a link that asks for the email', () => {
  it('refuses it on a link that never asks, naming watermark_config.text and the fix', async () => {
    const e = await refused(api.post('/v1/links', { document_id: doc.id, watermark_config: EMAIL_WM }), 'watermark_config.text', '{{email}}', 'email_protected: true');
    expect(e.message).toMatch(/^watermark_config\.text: /);
    await refused(api.post('/v1/links', { document_id: doc.id, email_protected: false, watermark_config: { text: 'Seen by {{ email }}' } }), 'watermark_config.text', '{{email}}');
  });

  it('takes it wherever the viewer asks for an email: protected, verified, an allow or deny list, a group', async () => {
    for (const settings of [{ email_protected: true }, { email_authenticated: true }, { allow_list: ['fund.example'], email_protected: false }, { deny_list: ['rival.example'] }]) {
      const l = ok(await api.post('/v1/links', { document_id: doc.id, ...settings, watermark_config: EMAIL_WM }), 201);
      expect(l.watermark_config.text).toBe(EMAIL_WM.text);
    }
    const g = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Members only' }), 201);
    ok(await api.post('/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: g.id, email_protected: false, watermark_config: EMAIL_WM }), 201);
    // Placeholders that come with every request need nothing.
    ok(await api.post('/v1/links', { document_id: doc.id, watermark_config: { text: '{{date}} {{time}} {{ip_address}}' } }), 201);
  });

  it('refuses turning the email off later while the watermark uses it, and takes both changes at once', async () => {
    const l = ok(await api.post('/v1/links', { document_id: doc.id, email_protected: true, watermark_config: EMAIL_WM }), 201);
    await refused(api.patch(`/v1/links/${l.id}`, { email_protected: false }), 'watermark_config.text', '{{email}}');
    expect(ok(await api.get(`/v1/links/${l.id}`)).email_protected).toBe(true);
    const listed = ok(await api.post('/v1/links', { document_id: doc.id, allow_list: ['fund.example'], email_protected: false, watermark_config: EMAIL_WM }), 201);
    await refused(api.patch(`/v1/links/${listed.id}`, { allow_list: [] }), 'watermark_config.text', '{{email}}');
    const both = ok(await api.patch(`/v1/links/${l.id}`, { email_protected: false, watermark_config: { text: 'Confidential · {{date}}' } }));
    expect(both).toMatchObject({ email_protected: false, watermark_config: { text: 'Confidential · {{date}}' } });
    await refused(api.patch(`/v1/links/${l.id}`, { watermark_config: EMAIL_WM }), 'watermark_config.text', '{{email}}');
  });

  it('applies to presets, and to a link made from a preset with its own settings', async () => {
    await refused(api.post('/v1/link-presets', { name: 'No email', watermark_config: EMAIL_WM }), 'watermark_config.text', '{{email}}');
    const p = ok(await api.post('/v1/link-presets', { name: 'Verified', email_authenticated: true, email_protected: true, watermark_config: EMAIL_WM }), 201);
    await refused(api.patch(`/v1/link-presets/${p.id}`, { email_authenticated: null, email_protected: false }), 'watermark_config.text', '{{email}}');
    await refused(api.post('/v1/links', { document_id: doc.id, preset_id: p.id, email_protected: false, email_authenticated: false }), 'watermark_config.text', '{{email}}');
    const seeded = ok(await api.post('/v1/links', { document_id: doc.id, preset_id: p.id }), 201);
    expect(seeded).toMatchObject({ email_protected: true, watermark_config: { text: EMAIL_WM.text } });
    // Without the watermark the preset may stop asking.
    ok(await api.patch(`/v1/link-presets/${p.id}`, { watermark_config: null, email_authenticated: null, email_protected: null }));
  });

  it('refuses a group admitting everyone while one of its links prints {{email}} only because of the group', async () => {
    const g = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Partners' }), 201);
    const l = ok(await api.post('/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: g.id, name: 'Partners link', email_protected: false, watermark_config: EMAIL_WM }), 201);
    await refused(api.patch(`/v1/datarooms/${room.id}/groups/${g.id}`, { allow_all: true }), 'allow_all', '"Partners link"', '{{email}}');
    ok(await api.patch(`/v1/links/${l.id}`, { email_protected: true }));
    expect(ok(await api.patch(`/v1/datarooms/${room.id}/groups/${g.id}`, { allow_all: true })).allow_all).toBe(true);
    // Now only the link's own setting asks: turning it off is refused.
    await refused(api.patch(`/v1/links/${l.id}`, { email_protected: false }), 'watermark_config.text', '{{email}}');
  });
});

describe('{{link_name}} needs a named link', () => {
  it('refuses it on an unnamed link and when the name is removed; presets leave it to the link', async () => {
    await refused(api.post('/v1/links', { document_id: doc.id, watermark_config: { text: 'For {{link_name}}' } }), 'watermark_config.text', '{{link_name}}', 'Name the link');
    const l = ok(await api.post('/v1/links', { document_id: doc.id, name: 'Series B', watermark_config: { text: 'For {{link_name}}' } }), 201);
    await refused(api.patch(`/v1/links/${l.id}`, { name: null }), 'watermark_config.text', '{{link_name}}');
    const p = ok(await api.post('/v1/link-presets', { name: 'Named', watermark_config: { text: 'For {{link_name}}' } }), 201);
    await refused(api.post('/v1/links', { document_id: doc.id, preset_id: p.id }), 'watermark_config.text', '{{link_name}}');
    ok(await api.post('/v1/links', { document_id: doc.id, preset_id: p.id, name: 'Fund A' }), 201);
  });
});
