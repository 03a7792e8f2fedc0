// Room Q&A, the visitor's side over real HTTP (DESIGN.md "Room Q&A"): only a verified email asks;
// a question about a page of a document; a private answer that another visitor never sees; the
// FAQ once published, filtered by the group's permissions; the per-day limit as a 429 envelope;
// and every request checked again (Q&A off, items out of reach, cross-site posts, no session).
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { ask, panel, qaRoom, verifiedVisitor } from './support/questions';
import { codeFor, enter, logSize, makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let qa: Awaited<ReturnType<typeof qaRoom>>;
let ada: Visitor;
let grace: Visitor;

const env = (a: { status: number; body: any }, status: number, code: string) => envelope({ ...a, headers: new Headers() }, status, code);

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('qav'), scopes: 'apis.all' })).token);
  qa = await qaRoom(api);
  [ada, grace] = await Promise.all([verifiedVisitor(qa.slug, 'ada.questions.viewer@fund.example'), verifiedVisitor(qa.slug, 'grace@fund.example')]);
});

describe('asking', () => {
  it('asks about a page of a document: the page and document reach the team; the panel lists it', async () => {
    const a = await ask(ada, qa.slug, { text: 'Who signed page 2? <img src=x onerror=alert(1)>', item_id: qa.item.id, page_number: 2 });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ text: 'Who signed page 2? <img src=x onerror=alert(1)>', item_id: qa.item.id, document_name: 'Lease.pdf', page_number: 2, status: 'open', answers: [] });
    const team = ok(await api.get(`/v1/questions/${a.body.id}`));
    expect(team).toMatchObject({ document_id: qa.doc.id, page_number: 2, asked_by: { email: 'ada.questions.viewer@fund.example' } });
    const p = (await panel(ada, qa.slug)).body;
    expect(p).toMatchObject({ enabled: true, verified: true, email: 'ada.questions.viewer@fund.example', limit: 20, remaining: 19, faq: [] });
    expect(p.mine.map((q: any) => q.id)).toEqual([a.body.id]);
  });

  it('refuses a page outside the document, a page without a document, an item not in the room, and bad text', async () => {
    env(await ask(ada, qa.slug, { text: 'x', item_id: qa.item.id, page_number: 4 }), 422, 'unprocessable_entity');
    env(await ask(ada, qa.slug, { text: 'x', page_number: 1 }), 422, 'unprocessable_entity');
    env(await ask(ada, qa.slug, { text: 'x', item_id: 'not-an-item' }), 404, 'not_found');
    for (const body of [{ text: '' }, { text: '   ' }, { text: 'x'.repeat(5001) }, { text: 'x', extra: true }, { item_id: qa.item.id }]) {
      env(await ask(ada, qa.slug, body), 422, 'unprocessable_entity');
    }
  });

  it('a visitor without a verified email is asked to verify first; no session is refused; cross-site posts are refused', async () => {
    const unverified = await makeLink(api, { dataroom_id: qa.room.id, email_protected: true, email_authenticated: false });
    const v = new Visitor();
    await v.gate(slugOf(unverified), { step: 'email', email: 'lin@fund.example' });
    expect((await v.open(slugOf(unverified))).status).toBe(200);
    expect((await panel(v, slugOf(unverified))).body).toMatchObject({ enabled: true, verified: false, mine: [] });
    const e = env(await ask(v, slugOf(unverified), { text: 'Hello?' }), 403, 'forbidden');
    expect(e.details).toEqual({ verification_required: true });
    // The panel's code step: a code mailed to the email given, a wrong code refused, the right one verifies.
    const code = (body: unknown) => v.request('POST', `/view/${slugOf(unverified)}/questions/code`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    const since = logSize();
    expect(JSON.parse((await code({})).text())).toEqual({ sent: true, email: 'lin@fund.example' });
    const sent = await codeFor('lin@fund.example', since);
    const wrong = await code({ code: sent === '000000' ? '111111' : '000000' });
    expect(wrong.status).toBe(422);
    expect(JSON.parse(wrong.text()).error.code).toBe('unprocessable_entity');
    expect((await code({ code: sent })).status).toBe(200);
    expect((await panel(v, slugOf(unverified))).body).toMatchObject({ verified: true, email: 'lin@fund.example' });
    expect((await ask(v, slugOf(unverified), { text: 'Hello?' })).status).toBe(201);
    env(await ask(new Visitor(), qa.slug, { text: 'Who am I?' }), 403, 'forbidden');
    env(await panel(new Visitor(), qa.slug), 403, 'forbidden');
    env(await ask(ada, qa.slug, { text: 'From elsewhere' }, { Origin: 'https://evil.example' }), 403, 'forbidden');
  });

  it('a room without Q&A takes no questions', async () => {
    const off = await qaRoom(api, { qa_enabled: false });
    const v = await verifiedVisitor(off.slug, 'ada.questions.viewer@fund.example');
    expect((await panel(v, off.slug)).body).toMatchObject({ enabled: false, mine: [], faq: [] });
    env(await ask(v, off.slug, { text: 'Anyone?' }), 404, 'not_found');
    // A document link has no room to ask in.
    const docLink = await makeLink(api, { document_id: qa.doc.id });
    const w = new Visitor();
    await enter(w, slugOf(docLink));
    env(await ask(w, slugOf(docLink), { text: 'Anyone?' }), 404, 'not_found');
  });
});

describe('answers and the FAQ', () => {
  it('a private answer reaches only the asker; published, every visitor sees it in the FAQ', async () => {
    const q = (await ask(ada, qa.slug, { text: 'Is there a break clause?' })).body;
    ok(await api.post(`/v1/questions/${q.id}/answers`, { text: 'Yes, in 2029.', publish: false }), 201);
    const mine = (await panel(ada, qa.slug)).body.mine.find((x: any) => x.id === q.id);
    expect(mine).toMatchObject({ status: 'answered', published: false, answers: [{ text: 'Yes, in 2029.' }] });
    const other = (await panel(grace, qa.slug)).body;
    expect(other.mine).toEqual([]);
    expect(other.faq).toEqual([]);
    expect(JSON.stringify(other)).not.toContain('break clause');
    ok(await api.patch(`/v1/questions/${q.id}`, { published: true }));
    const faq = (await panel(grace, qa.slug)).body.faq;
    expect(faq).toHaveLength(1);
    expect(faq[0]).toMatchObject({ id: q.id, text: 'Is there a break clause?', answers: [{ text: 'Yes, in 2029.' }] });
    // The FAQ never names the asker or who answered.
    expect(JSON.stringify(faq)).not.toContain('ada@');
    ok(await api.patch(`/v1/questions/${q.id}`, { published: false }));
    expect((await panel(grace, qa.slug)).body.faq).toEqual([]);
  });

  it('a group link’s visitors see only FAQ entries about items their group may view', async () => {
    const hiddenDoc = await pdfDocument(api, 1, 'Secret.pdf');
    const hidden = ok(await api.post(`/v1/datarooms/${qa.room.id}/documents`, { document_id: hiddenDoc.id }), 201);
    const group = ok(await api.post(`/v1/datarooms/${qa.room.id}/groups`, { name: 'Bidders' }), 201);
    ok(await api.post(`/v1/datarooms/${qa.room.id}/groups/${group.id}/members`, { emails: ['gina@bid.example'] }));
    ok(await api.put(`/v1/datarooms/${qa.room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: qa.item.id, can_view: true }, { item_id: hidden.id, can_view: false }] }));
    const groupLink = await makeLink(api, { dataroom_id: qa.room.id, audience_type: 'group', group_id: group.id });
    const asked = await Promise.all([
      ask(ada, qa.slug, { text: 'About the room' }),
      ask(ada, qa.slug, { text: 'About the lease', item_id: qa.item.id, page_number: 1 }),
      ask(ada, qa.slug, { text: 'About the secret', item_id: hidden.id }),
    ]);
    for (const a of asked) ok(await api.post(`/v1/questions/${a.body.id}/answers`, { text: `Answer: ${a.body.text}`, publish: true }), 201);
    const gina = await verifiedVisitor(slugOf(groupLink), 'gina@bid.example');
    const faq = (await panel(gina, slugOf(groupLink))).body.faq.map((q: any) => q.text);
    expect(faq.sort()).toEqual(['About the lease', 'About the room']);
    env(await ask(gina, slugOf(groupLink), { text: 'May I?', item_id: hidden.id }), 404, 'not_found');
    // The general link's visitors see all three; once the group may view it, so does gina.
    expect((await panel(grace, qa.slug)).body.faq.map((q: any) => q.text).sort()).toEqual(['About the lease', 'About the room', 'About the secret']);
    ok(await api.put(`/v1/datarooms/${qa.room.id}/groups/${group.id}/permissions`, { permissions: [{ item_id: hidden.id, can_view: true }] }));
    expect((await panel(gina, slugOf(groupLink))).body.faq).toHaveLength(3);
    // A document taken out of the room takes its entries out of the FAQ.
    ok(await api.del(`/v1/datarooms/${qa.room.id}/documents/${hidden.id}`));
    expect((await panel(grace, qa.slug)).body.faq.map((q: any) => q.text).sort()).toEqual(['About the lease', 'About the room']);
  });
});

describe('the limit per visitor', () => {
  it('past the room’s limit in 24 hours, a 429 envelope says so and when to come back; other visitors still ask', async () => {
    const small = await qaRoom(api, { qa_limit_per_visitor_per_day: 2 });
    const v = await verifiedVisitor(small.slug, 'max@fund.example');
    const results = await Promise.all([1, 2, 3, 4].map((i) => ask(v, small.slug, { text: `Question ${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 429, 429]);
    const refused = env(results.find((r) => r.status === 429)!, 429, 'rate_limit_exceeded');
    expect(refused.message).toMatch(/2 questions in this room in the last 24 hours/);
    expect(refused.details).toMatchObject({ limit: 2, retry_after_seconds: expect.any(Number) });
    expect(refused.details.retry_after_seconds).toBeGreaterThan(23 * 3600);
    expect((await panel(v, small.slug)).body).toMatchObject({ limit: 2, remaining: 0 });
    const w = await verifiedVisitor(small.slug, 'sam@fund.example');
    expect((await ask(w, small.slug, { text: 'Mine' })).status).toBe(201);
    // Raising the limit lets the first visitor ask again.
    ok(await api.patch(`/v1/datarooms/${small.room.id}`, { qa_limit_per_visitor_per_day: 3 }));
    expect((await ask(v, small.slug, { text: 'Question 5' })).status).toBe(201);
    expect(ok(await api.get(`/v1/datarooms/${small.room.id}/questions`)).data).toHaveLength(4);
  });
});
