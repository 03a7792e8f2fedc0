// Sweeps generated from the procedures that carry `openapi` meta (through the OpenAPI document,
// which openapi.unit.test.ts keeps equal to the router): every operation refuses a token
// without its scope (403), answers 404 for unknown ids and 404 for another team's ids. A new
// route is covered the day it exists; a new path parameter needs a fixture below, or this fails.
import { beforeAll, describe, expect, it } from 'vitest';
import openapi from '../docs/openapi.json';
import { GRANTABLE, PRESETS } from '../lib/shared/scopes';
import { client, createToken, envelope, uniqueTeam, upload } from './support/api';
import { ok, pdfBytes } from './support/docs';
import { codeFor, enter, logSize, slugOf, viewIdOf, Visitor } from './support/viewer';
import { ask, verifiedVisitor } from './support/questions';
import { send, uploadRoom } from './support/visitor-uploads';

type Obj = Record<string, any>;
type Op = { method: string; template: string; scope: string; example: unknown; headers?: Record<string, string> };

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** Raw-bytes operations (brand and room images) get a real image, so a missed check would write. */
const rawImage = (op: Obj) => (op.requestBody?.content?.['image/png'] ? { example: new Uint8Array(PNG_1X1), headers: { 'Content-Type': 'image/png' } } : null);

const operations: Op[] = Object.entries(openapi.paths as Obj).flatMap(([template, ops]) =>
  Object.entries(ops as Obj)
    .filter(([, op]) => op['x-required-scope'])
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      template: `/v1${template}`,
      scope: op['x-required-scope'] as string,
      example: op.requestBody?.content?.['application/json']?.example ?? (op.requestBody ? {} : undefined),
      ...rawImage(op),
    })),
);

const paramsOf = (template: string) => [...template.matchAll(/([^/]+)\/\{(\w+)\}/g)].map((m) => `${m[1]}/{${m[2]}}`);

/** Another team's resources, one for every kind of path parameter. */
const theirs: Record<string, string> = {};
let them: ReturnType<typeof client>;

beforeAll(async () => {
  // A plan with brands, so the other team can own one.
  them = client((await createToken({ team: uniqueTeam('sweep-b'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  const folder = ok(await them.post('/v1/folders', { name: 'Theirs' }), 201);
  const doc = ok(await them.post('/v1/documents', { upload_id: await upload(them, await pdfBytes(1), 'application/pdf', 't.pdf'), folder_id: folder.id }), 201);
  const version = ok(await them.get(`/v1/documents/${doc.id}/versions`)).data[0];
  theirs['documents/{id}'] = doc.id;
  theirs['versions/{versionId}'] = version.id;
  theirs['folders/{id}'] = folder.id;
  const room = ok(await them.post('/v1/datarooms', { name: 'Their room' }), 201);
  const roomFolder = ok(await them.post(`/v1/datarooms/${room.id}/folders`, { name: 'Theirs' }), 201);
  const placement = ok(await them.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
  const group = ok(await them.post(`/v1/datarooms/${room.id}/groups`, { name: 'Their group' }), 201);
  const member = ok(await them.post(`/v1/datarooms/${room.id}/groups/${group.id}/members`, { emails: ['them@example.com'] })).data[0];
  theirs['datarooms/{id}'] = room.id;
  theirs['documents/{ddId}'] = placement.id;
  theirs['folders/{folderId}'] = roomFolder.id;
  theirs['groups/{groupId}'] = group.id;
  theirs['members/{membershipId}'] = member.id;
  theirRoomPid = room.pid;
  const brand = ok(await them.post('/v1/brands', { name: 'Their brand', brand_color: '#123456' }), 201);
  theirs['brands/{id}'] = brand.id;
  theirs['images/{slot}'] = 'logo';
  theirRoomBranding = ok(await them.get(`/v1/datarooms/${room.id}/branding`));
  theirs['links/{id}'] = ok(await them.post('/v1/links', { dataroom_id: room.id, audience_type: 'group', group_id: group.id }), 201).id;
  theirs['link-presets/{id}'] = ok(await them.post('/v1/link-presets', { name: 'Theirs' }), 201).id;
  theirs['domains/{id}'] = ok(await them.post('/v1/domains', { name: `sweep-${process.pid}-${Date.now().toString(36)}.acme.test` }), 201).id;
  theirs['redactions/{id}'] = ok(await them.post(`/v1/documents/${doc.id}/redactions`, { marks: [{ page: 1, x: 0.1, y: 0.1, width: 0.2, height: 0.1 }] }), 201).id;
  theirs['agreements/{id}'] = ok(await them.post('/v1/agreements', { name: 'Their NDA', content_type: 'text', text: 'Keep it secret.' }), 201).id;
  theirs['visitors/{id}'] = member.visitor_id;
  const docLink = ok(await them.post('/v1/links', { document_id: doc.id }), 201);
  theirs['views/{id}'] = viewIdOf((await enter(new Visitor(), slugOf(docLink))).text())!;
  // An access request: a refused visitor asks on a link that allows it (the code from the mail log).
  const asking = ok(await them.post('/v1/links', { document_id: doc.id, allow_list: ['ada.sweeps@fund.example'], allow_access_requests: true }), 201);
  const asker = new Visitor();
  const askerEmail = `asker.${Date.now().toString(36)}@sweep.example`;
  const since = logSize();
  await asker.gate(slugOf(asking), { step: 'request', email: askerEmail });
  await asker.gate(slugOf(asking), { step: 'request_code', code: await codeFor(askerEmail, since) });
  theirs['access-requests/{id}'] = ok(await them.get(`/v1/access-requests?link_id=${asking.id}`)).data[0].id;
  // A webhook endpoint (loopback port 9: refused, so its few attempts fail at once) and a delivery.
  const hook = ok(await them.post('/v1/webhooks', { url: 'http://127.0.0.1:9/sweep', events: ['webhook_endpoint.deleted'] }), 201);
  theirs['webhooks/{id}'] = hook.id;
  theirs['deliveries/{deliveryId}'] = ok(await them.post(`/v1/webhooks/${hook.id}/test`, {}), 201).id;
  theirs['events/{id}'] = ok(await them.get('/v1/events?limit=1')).data[0].id;
  theirs['exports/{exportId}'] = ok(await them.post(`/v1/datarooms/${room.id}/exports`, {}), 202).id;
  // A question, asked by a verified visitor of their room.
  ok(await them.patch(`/v1/datarooms/${room.id}`, { qa_enabled: true }));
  const qaSlug = slugOf(ok(await them.post('/v1/links', { dataroom_id: room.id, email_protected: true, email_authenticated: true }), 201));
  expect((await ask(await verifiedVisitor(qaSlug, 'asker@example.com'), qaSlug, { text: 'Theirs?' })).status).toBe(201);
  theirs['questions/{id}'] = ok(await them.get(`/v1/datarooms/${room.id}/questions`)).data[0].id;
  // A visitor upload, sent by a group's visitor into a folder of theirs that takes uploads.
  const ups = await uploadRoom(them, ['uploader@sweep.example']);
  const sent = await send(await verifiedVisitor(ups.slug, 'uploader@sweep.example'), ups.slug, ups.inbox.id, await pdfBytes(1), 'application/pdf', 'theirs.pdf');
  theirs['visitor-uploads/{id}'] = sent.body.id;
});
let theirRoomPid = '';
let theirRoomBranding: Obj = {};

const fill = (template: string, idFor: (param: string) => string) =>
  template.replace(/([^/]+)\/\{(\w+)\}/g, (_, seg: string, name: string) => `${seg}/${encodeURIComponent(idFor(`${seg}/{${name}}`))}`);

it('covers every operation of the router (the document is not empty)', () => {
  expect(operations.length).toBeGreaterThanOrEqual(16);
});

describe('scope sweep: a token without the operation’s scope gets 403', () => {
  const tokens = new Map<string, Promise<string>>();
  /** A token with every grantable scope except `scope` and the presets that include it. */
  const without = (scope: string) => {
    if (!tokens.has(scope)) {
      const others = GRANTABLE.filter((s) => s !== scope && !((PRESETS as Obj)[s] as string[] | undefined)?.includes(scope));
      tokens.set(scope, createToken({ team: uniqueTeam('sweep-scope'), scopes: others.join(',') }).then((t) => t.token));
    }
    return tokens.get(scope)!;
  };
  for (const op of operations) {
    it(`${op.method} ${op.template} needs ${op.scope}`, async () => {
      const api = client(await without(op.scope));
      const e = envelope(await api.call(op.method, fill(op.template, () => 'someid'), op.example, op.headers), 403, 'forbidden');
      expect(e.details).toEqual({ required_scope: op.scope });
    });
  }
});

describe('unknown ids are 404', () => {
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    api = client((await createToken({ team: uniqueTeam('sweep-404'), scopes: 'apis.all' })).token);
  });
  for (const op of operations.filter((o) => o.template.includes('{'))) {
    it(`${op.method} ${op.template}`, async () => {
      envelope(await api.call(op.method, fill(op.template, () => 'unknownid0000000000000000'), op.example, op.headers), 404, 'not_found');
    });
  }
});

describe('another team’s ids are 404', () => {
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    api = client((await createToken({ team: uniqueTeam('sweep-a'), scopes: 'apis.all' })).token);
  });
  for (const op of operations.filter((o) => o.template.includes('{'))) {
    it(`${op.method} ${op.template}`, async () => {
      for (const p of paramsOf(op.template)) expect(theirs[p], `no fixture of another team for ${p}: add one in beforeAll`).toBeTruthy();
      envelope(await api.call(op.method, fill(op.template, (p) => theirs[p]!), op.example, op.headers), 404, 'not_found');
    });
  }

  // Rooms are addressed by their public dr_ id too, on every nested route.
  for (const op of operations.filter((o) => o.template.includes('/datarooms/{id}'))) {
    it(`${op.method} ${op.template} by dr_ id`, async () => {
      const path = fill(op.template, (p) => (p === 'datarooms/{id}' ? theirRoomPid : theirs[p]!));
      envelope(await api.call(op.method, path, op.example, op.headers), 404, 'not_found');
    });
  }

  it('left the other team’s resources as they were', async () => {
    ok(await them.get(`/v1/documents/${theirs['documents/{id}']}`));
    ok(await them.get(`/v1/folders/${theirs['folders/{id}']}`));
    expect(ok(await them.get(`/v1/documents/${theirs['documents/{id}']}/versions`)).data).toHaveLength(1);
    const room = ok(await them.get(`/v1/datarooms/${theirRoomPid}`));
    expect(room).toMatchObject({ document_count: 1, folder_count: 1, is_frozen: false });
    expect(ok(await them.get(`/v1/datarooms/${room.id}/groups/${theirs['groups/{groupId}']}/members`)).data).toHaveLength(1);
    const brand = ok(await them.get(`/v1/brands/${theirs['brands/{id}']}`));
    expect(brand).toMatchObject({ name: 'Their brand', brand_color: '#123456', is_default: true, logo: null, banner: null });
    expect(ok(await them.get(`/v1/datarooms/${room.id}/branding`))).toEqual(theirRoomBranding);
    expect(ok(await them.get(`/v1/webhooks/${theirs['webhooks/{id}']}`))).toMatchObject({ url: 'http://127.0.0.1:9/sweep', enabled: true });
  });
});
