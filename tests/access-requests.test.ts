// Access requests over HTTP (DESIGN.md "Agreements (NDA before access), invitations, access
// requests"): a refused visitor asks (email proven by a code, optional message), the team
// approves (the visitor gets in on the next visit without the code again) or denies (the visitor
// is told); the form answers every address alike; one pending request per email and link; the
// hourly limit per address; events; cross-team and scope sweeps.
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { codeFor, fromLog, gateOf, logSize, makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let docId: string;

const address = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@asker.example`;
const stageOf = (location: string | null) => (location ? new URL(location, 'http://x').searchParams.get('r') : null);
const errorOf = (location: string | null) => (location ? new URL(location, 'http://x').searchParams.get('e') : null);

async function waitFor<T>(f: () => T[], what: string): Promise<T[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const got = f();
    if (got.length) return got;
    if (Date.now() > deadline) throw new Error(`nothing in the log for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A visitor refused at the code step of an email-authenticated link asks for access; the request's id. */
async function ask(v: Visitor, slug: string, email: string, message?: string) {
  await v.open(slug);
  await v.gate(slug, { step: 'email', email });
  const since = logSize();
  const r = await v.gate(slug, { step: 'request', email, ...(message ? { message } : {}) });
  expect(stageOf(r.location)).toBe('code');
  const code = await codeFor(email, since);
  const sent = await v.gate(slug, { step: 'request_code', code });
  expect(stageOf(sent.location)).toBe('sent');
  expect(errorOf(sent.location)).toBeNull();
}

async function pendingFor(linkId: string, email: string) {
  const list = ok(await api.get(`/v1/access-requests?status=pending&link_id=${linkId}`)).data;
  return list.filter((r: any) => r.email === email);
}

beforeAll(async () => {
  api = client((await createToken({ team: uniqueTeam('access'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  other = client((await createToken({ team: uniqueTeam('access-other'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  docId = (await pdfDocument(api, 1)).id;
});

describe('asking', () => {
  it('a refused visitor is offered "Request access" only where the link allows it', async () => {
    const open = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], email_authenticated: false, allow_access_requests: true });
    const closed = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], email_authenticated: false });
    expect(open.allow_access_requests).toBe(true);
    expect(closed.allow_access_requests).toBe(false);
    for (const [link, offered] of [[open, true], [closed, false]] as const) {
      const v = new Visitor();
      const slug = slugOf(link);
      await v.open(slug);
      const refused = await v.gate(slug, { step: 'email', email: address('eve') });
      expect(errorOf(refused.location)).toBe('denied');
      const html = (await v.get(refused.location!)).text();
      expect(html.includes('data-testid="request-access"')).toBe(offered);
      const form = (await v.get(`/view/${slug}?r=form`)).text();
      expect(form.includes('data-testid="request-form"')).toBe(offered);
      // Without the setting the request steps do nothing.
      if (!offered) expect(stageOf((await v.gate(slug, { step: 'request', email: address('x') })).location)).toBe('form');
    }
  });

  it('a visitor refused on a first try (no session kept) can still ask, and an approval lets that browser in', async () => {
    const link = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], email_authenticated: false, allow_access_requests: true });
    const slug = slugOf(link);
    const who = address('first');
    const v = new Visitor();
    await v.open(slug);
    expect(errorOf((await v.gate(slug, { step: 'email', email: who })).location)).toBe('denied');
    const since = logSize();
    expect(stageOf((await v.gate(slug, { step: 'request', email: who })).location)).toBe('code');
    expect(stageOf((await v.gate(slug, { step: 'request_code', code: await codeFor(who, since) })).location)).toBe('sent');
    const [r] = await pendingFor(link.id, who);
    ok(await api.post(`/v1/access-requests/${r.id}/approve`, {}));
    const page = await v.open(slug);
    expect(page.status).toBe(200);
    expect(gateOf(page.text())).toBeNull();
  });

  it('the request form offers the address the visitor already gave, refused or waiting for a code (issue 41 item 10)', async () => {
    const emailValue = (html: string) => /value="([^"]*)"/.exec(/<input[^>]*name="email"[^>]*>/.exec(html)?.[0] ?? '')?.[1] ?? null;
    // Refused at the email step: nothing is kept on the server; the browser keeps the address for the form.
    const listed = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], email_authenticated: false, allow_access_requests: true });
    const who = address('again');
    const v = new Visitor();
    await v.open(slugOf(listed));
    const refused = await v.gate(slugOf(listed), { step: 'email', email: who.toUpperCase() });
    expect(errorOf(refused.location)).toBe('denied');
    const cookie = refused.headers.getSetCookie().find((c) => c.startsWith('quire_refused='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toContain(`Path=/view/${slugOf(listed)}`);
    expect(emailValue((await v.get(`/view/${slugOf(listed)}?r=form`)).text())).toBe(who);
    // Another browser, or a link that takes no requests, is offered nothing.
    expect(emailValue((await new Visitor().get(`/view/${slugOf(listed)}?r=form`)).text())).toBeNull();
    const closed = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], email_authenticated: false });
    const w = new Visitor();
    await w.open(slugOf(closed));
    const closedRefusal = await w.gate(slugOf(closed), { step: 'email', email: who });
    expect(closedRefusal.headers.getSetCookie().some((c) => c.startsWith('quire_refused='))).toBe(false);

    // Waiting for a code that never comes (the address may not enter): the session's address.
    const coded = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const x = new Visitor();
    await x.open(slugOf(coded));
    await x.gate(slugOf(coded), { step: 'email', email: who });
    expect(gateOf((await x.get(`/view/${slugOf(coded)}`)).text())).toBe('code');
    expect(emailValue((await x.get(`/view/${slugOf(coded)}?r=form`)).text())).toBe(who);
  });

  it('mails the team’s admins, not its managers or plain members, with a link to decide', async () => {
    const team = uniqueTeam('access-mail');
    const teamApi = client((await createToken({ team, scopes: 'apis.all', plan: 'datarooms-plus' })).token);
    const people = { admin: address('owner'), admin2: address('admin'), manager: address('manager'), member: address('member') };
    for (const [who, role] of [['admin', 'admin'], ['admin2', 'admin'], ['manager', 'manager'], ['member', 'member']] as const) await admin(['team', 'add-member', team, people[who], '--role', role]);
    const doc = await pdfDocument(teamApi, 1);
    const link = await makeLink(teamApi, { document_id: doc.id, name: 'Series B room', allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const slug = slugOf(link);
    const who = address('carol');
    const since = logSize();
    await ask(new Visitor(), slug, who, 'Fund C, diligence');
    const [request] = ok(await teamApi.get(`/v1/access-requests?status=pending&link_id=${link.id}`)).data;
    expect(request).toMatchObject({ email: who, status: 'pending' });
    for (const to of [people.admin, people.admin2]) {
      const [line] = await waitFor(() => fromLog('access request', to, since), `the request mail to ${to}`);
      // The link's page in the dashboard, opened on this request (approve / deny there).
      const [url, asker] = line!.split(' ');
      expect(`${new URL(url!).pathname}${new URL(url!).search}`).toBe(`/links/${link.id}?request=${request.id}`);
      expect(asker).toBe(`(${who})`);
    }
    // Every mail of the request went out with the admins'; none to the manager or the member.
    expect(fromLog('access request', people.manager, since)).toEqual([]);
    expect(fromLog('access request', people.member, since)).toEqual([]);
    expect(fromLog('access request', who, since)).toEqual([]);
  });

  it('needs the code first; a wrong code is refused; the request lists with its message once proven', async () => {
    const link = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const slug = slugOf(link);
    const who = address('bob');
    const v = new Visitor();
    await v.open(slug);
    await v.gate(slug, { step: 'email', email: who });
    // The code step of an email-authenticated link offers the request to everyone.
    expect((await v.open(slug)).text()).toContain('data-testid="request-access"');
    const since = logSize();
    expect(stageOf((await v.gate(slug, { step: 'request', email: who, message: 'Fund X, re: Series B' })).location)).toBe('code');
    await codeFor(who, since);
    // Not listed before the code.
    expect(await pendingFor(link.id, who)).toEqual([]);
    const wrong = await v.gate(slug, { step: 'request_code', code: '000000' });
    expect([stageOf(wrong.location), errorOf(wrong.location)]).toEqual(['code', 'code_wrong']);
    expect((await v.open(slug, '?r=code')).text()).toContain('data-testid="request-code"');
    const code = await codeFor(who, since);
    const sent = await v.gate(slug, { step: 'request_code', code });
    expect(stageOf(sent.location)).toBe('sent');
    expect((await v.get(sent.location!)).text()).toContain('data-testid="request-sent"');
    const [r] = await pendingFor(link.id, who);
    expect(Object.keys(r).sort()).toEqual([
      'created', 'dataroom_id', 'dataroom_name', 'decided_at', 'decided_by', 'email', 'granted', 'id', 'link_group', 'link_id', 'link_name', 'message', 'object', 'status',
    ]);
    expect(r).toMatchObject({ object: 'access_request', link_id: link.id, dataroom_id: null, email: who, message: 'Fund X, re: Series B', status: 'pending', decided_by: null, decided_at: null });
    expect(ok(await api.get(`/v1/access-requests/${r.id}`))).toEqual(r);
    const created = ok(await api.get(`/v1/events?type=access_request.created&resource_id=${r.id}`)).data;
    expect(created).toHaveLength(1);
    expect(created[0].actor.type).toBe('visitor');
  });

  it('answers an allowed address exactly like a refused one, and keeps one pending request per email and link', async () => {
    const allowed = address('ada');
    const link = await makeLink(api, { document_id: docId, allow_list: [allowed], allow_access_requests: true });
    const slug = slugOf(link);
    const answers: (string | null)[][] = [];
    for (const who of [allowed, address('stranger')]) {
      const v = new Visitor();
      await v.open(slug);
      await v.gate(slug, { step: 'email', email: who });
      const since = logSize();
      const r = await v.gate(slug, { step: 'request', email: who });
      answers.push([r.location?.replace(slug, 'S') ?? null, String(r.status)]);
      await codeFor(who, since);
    }
    expect(answers[0]).toEqual(answers[1]);
    const again = address('twice');
    await ask(new Visitor(), slug, again, 'first');
    await ask(new Visitor(), slug, again, 'second');
    const pending = await pendingFor(link.id, again);
    expect(pending).toHaveLength(1);
    expect(pending[0].message).toBe('second');
  });

  it('at most ACCESS_REQUESTS_PER_EMAIL_PER_HOUR (5) requests per address an hour', async () => {
    const link = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const slug = slugOf(link);
    const who = address('spam');
    const v = new Visitor();
    await v.open(slug);
    await v.gate(slug, { step: 'email', email: who });
    const stages = [];
    for (let i = 0; i < 6; i++) {
      const r = await v.gate(slug, { step: 'request', email: who });
      stages.push(`${stageOf(r.location)}/${errorOf(r.location)}`);
    }
    expect(stages).toEqual([...Array(5).fill('code/null'), 'form/rate_limited']);
    // Another address is not held back.
    expect(stageOf((await v.gate(slug, { step: 'request', email: address('calm') })).location)).toBe('code');
  });
});

describe('deciding', () => {
  it('approve on a general link: the email joins the allow list, the visitor is mailed and gets in without the code again', async () => {
    const link = await makeLink(api, { document_id: docId, name: 'Teaser', allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const slug = slugOf(link);
    const who = address('approved');
    const v = new Visitor();
    await ask(v, slug, who);
    const [r] = await pendingFor(link.id, who);
    const since = logSize();
    const approved = ok(await api.post(`/v1/access-requests/${r.id}/approve`, {}));
    expect(approved).toMatchObject({ id: r.id, status: 'approved' });
    expect(Date.parse(approved.decided_at)).not.toBeNaN();
    expect(ok(await api.get(`/v1/links/${link.id}`)).allow_list).toEqual(['ada.access.requests@fund.example', who]);
    const mail = await waitFor(() => fromLog('access request approved', who, since), who);
    expect(mail[0]).toBe(link.url);
    // The same browser: straight in, no code asked again.
    const page = await v.open(slug);
    expect(page.status).toBe(200);
    expect(gateOf(page.text())).toBeNull();
    expect(fromLog('one-time code', who, since)).toEqual([]);
    // Another browser with the same address still proves it.
    const w = new Visitor();
    await w.open(slug);
    await w.gate(slug, { step: 'email', email: who });
    expect(gateOf((await w.open(slug)).text())).toBe('code');
    expect(ok(await api.get(`/v1/events?type=access_request.approved&resource_id=${r.id}`)).data).toHaveLength(1);
    envelope(await api.post(`/v1/access-requests/${r.id}/deny`, {}), 409, 'conflict');
  });

  it('approve on a group link: the email joins the group and the visitor gets in', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Requests room' }), 201);
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Bidders' }), 201);
    const link = await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id, allow_access_requests: true });
    const slug = slugOf(link);
    const who = address('member');
    const v = new Visitor();
    await ask(v, slug, who);
    const [r] = await pendingFor(link.id, who);
    expect(r.dataroom_id).toBe(room.id);
    ok(await api.post(`/v1/access-requests/${r.id}/approve`, {}));
    const members = ok(await api.get(`/v1/datarooms/${room.id}/groups/${group.id}/members`)).data.map((m: any) => m.email);
    expect(members).toContain(who);
    const page = await v.open(slug);
    expect(page.status).toBe(200);
    expect(gateOf(page.text())).toBeNull();
  });

  it("the outcome mails name the room, never the link's internal name", async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Project Harbor' }), 201);
    const link = await makeLink(api, { dataroom_id: room.id, name: 'Harbor – lowball bidder', allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const slug = slugOf(link);
    for (const decision of ['approve', 'deny'] as const) {
      const who = address(`named-${decision}`);
      await ask(new Visitor(), slug, who);
      const [r] = await pendingFor(link.id, who);
      const since = logSize();
      ok(await api.post(`/v1/access-requests/${r.id}/${decision}`, {}));
      const kind = decision === 'approve' ? 'access request approved' : 'access request denied';
      const [subject] = await waitFor(() => fromLog(`${kind} subject`, who, since), who);
      expect(subject).toContain('“Project Harbor”');
      expect(subject).not.toContain('lowball');
    }
  });

  it('deny: the visitor is told and stays out', async () => {
    const link = await makeLink(api, { document_id: docId, name: 'Model', allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const slug = slugOf(link);
    const who = address('denied');
    const v = new Visitor();
    await ask(v, slug, who);
    const [r] = await pendingFor(link.id, who);
    const since = logSize();
    expect(ok(await api.post(`/v1/access-requests/${r.id}/deny`, {}))).toMatchObject({ status: 'denied' });
    expect((await waitFor(() => fromLog('access request denied', who, since), who))[0]).toBe('declined');
    expect(ok(await api.get(`/v1/links/${link.id}`)).allow_list).toEqual(['ada.access.requests@fund.example']);
    expect(gateOf((await v.open(slug)).text())).not.toBeNull();
    expect(ok(await api.get(`/v1/access-requests?status=denied&link_id=${link.id}`)).data.map((x: any) => x.id)).toEqual([r.id]);
    expect(ok(await api.get(`/v1/events?type=access_request.denied&resource_id=${r.id}`)).data).toHaveLength(1);
    envelope(await api.post(`/v1/access-requests/${r.id}/approve`, {}), 409, 'conflict');
  });
});

describe('approving into a chosen group (issue 41 item 3)', () => {
  let room: any;
  let buyerA: any;
  let buyerB: any;
  let linkA: any;
  let linkB: any;
  beforeAll(async () => {
    room = ok(await api.post('/v1/datarooms', { name: 'Project Harbor' }), 201);
    buyerA = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Buyer A' }), 201);
    buyerB = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Buyer B' }), 201);
    linkA = await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: buyerA.id, name: 'Buyer A link', allow_access_requests: true });
    linkB = await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: buyerB.id, name: 'Buyer B link' });
  });
  const members = async (g: any) => ok(await api.get(`/v1/datarooms/${room.id}/groups/${g.id}/members`)).data.map((m: any) => m.email);

  it('a request names the link, the room and the group approving puts the address in', async () => {
    const who = address('named');
    await ask(new Visitor(), slugOf(linkA), who);
    const [r] = await pendingFor(linkA.id, who);
    expect(r).toMatchObject({ link_name: 'Buyer A link', dataroom_name: 'Project Harbor', link_group: { id: buyerA.id, name: 'Buyer A' }, granted: null });
  });

  it('without group_id the address joins the link\'s group, and the answer and the event say so', async () => {
    const who = address('default');
    await ask(new Visitor(), slugOf(linkA), who);
    const [r] = await pendingFor(linkA.id, who);
    const approved = ok(await api.post(`/v1/access-requests/${r.id}/approve`, {}));
    expect(approved.granted).toEqual({ type: 'group', group_id: buyerA.id, group_name: 'Buyer A' });
    expect(await members(buyerA)).toContain(who);
    const [event] = ok(await api.get(`/v1/events?type=access_request.approved&resource_id=${r.id}`)).data;
    expect(event.data.object.granted).toEqual({ type: 'group', group_id: buyerA.id, group_name: 'Buyer A' });
    expect(ok(await api.get(`/v1/access-requests/${r.id}`)).granted).toEqual(approved.granted);
  });

  it('group_id puts the address in another group of the room (not the link\'s), and mails that group\'s link', async () => {
    const who = address('second-bidder');
    await ask(new Visitor(), slugOf(linkA), who);
    const [r] = await pendingFor(linkA.id, who);
    const since = logSize();
    const approved = ok(await api.post(`/v1/access-requests/${r.id}/approve`, { group_id: buyerB.id }));
    expect(approved).toMatchObject({ status: 'approved', granted: { type: 'group', group_id: buyerB.id, group_name: 'Buyer B' } });
    expect(await members(buyerB)).toContain(who);
    expect(await members(buyerA)).not.toContain(who);
    const [mail] = await waitFor(() => fromLog('access request approved', who, since), who);
    expect(mail).toBe(linkB.url);
    const [event] = ok(await api.get(`/v1/events?type=access_request.approved&resource_id=${r.id}`)).data;
    expect(event.data.object.granted).toMatchObject({ type: 'group', group_id: buyerB.id });
  });

  it('a general room link: the allow list by default, or a group of the room', async () => {
    const general = await makeLink(api, { dataroom_id: room.id, allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const [a, b] = [address('general-a'), address('general-b')];
    await ask(new Visitor(), slugOf(general), a);
    await ask(new Visitor(), slugOf(general), b);
    const [ra] = await pendingFor(general.id, a);
    const [rb] = await pendingFor(general.id, b);
    expect(ra.link_group).toBeNull();
    expect(ok(await api.post(`/v1/access-requests/${ra.id}/approve`, {})).granted).toEqual({ type: 'allow_list' });
    expect(ok(await api.get(`/v1/links/${general.id}`)).allow_list).toContain(a);
    expect(ok(await api.post(`/v1/access-requests/${rb.id}/approve`, { group_id: buyerB.id })).granted).toMatchObject({ type: 'group', group_id: buyerB.id });
    expect(ok(await api.get(`/v1/links/${general.id}`)).allow_list).not.toContain(b);
    expect(await members(buyerB)).toContain(b);
  });

  it('refuses a group of another room (422), an unknown or another team\'s group (404), a group on a document link (422), leaving the request pending', async () => {
    const elsewhere = ok(await api.post('/v1/datarooms', { name: 'Other room' }), 201);
    const foreign = ok(await api.post(`/v1/datarooms/${elsewhere.id}/groups`, { name: 'Elsewhere' }), 201);
    const theirRoom = ok(await other.post('/v1/datarooms', { name: 'Theirs' }), 201);
    const theirs = ok(await other.post(`/v1/datarooms/${theirRoom.id}/groups`, { name: 'Theirs' }), 201);
    const lonely = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'No link yet' }), 201);
    const who = address('refused-group');
    await ask(new Visitor(), slugOf(linkA), who);
    const [r] = await pendingFor(linkA.id, who);
    const e = envelope(await api.post(`/v1/access-requests/${r.id}/approve`, { group_id: foreign.id }), 422, 'unprocessable_entity');
    expect(e.message).toMatch(/^group_id: /);
    expect(e.message).toContain('Elsewhere');
    envelope(await api.post(`/v1/access-requests/${r.id}/approve`, { group_id: theirs.id }), 404, 'not_found');
    envelope(await api.post(`/v1/access-requests/${r.id}/approve`, { group_id: 'nosuchgroup' }), 404, 'not_found');
    expect(envelope(await api.post(`/v1/access-requests/${r.id}/approve`, { group_id: lonely.id }), 422, 'unprocessable_entity').message).toContain('no live link');
    envelope(await api.post(`/v1/access-requests/${r.id}/approve`, { group_id: 42 }), 422, 'unprocessable_entity');
    expect(ok(await api.get(`/v1/access-requests/${r.id}`)).status).toBe('pending');
    expect(await members(buyerB)).not.toContain(who);

    const docLink = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const w = address('doc-link');
    await ask(new Visitor(), slugOf(docLink), w);
    const [rd] = await pendingFor(docLink.id, w);
    expect(envelope(await api.post(`/v1/access-requests/${rd.id}/approve`, { group_id: buyerB.id }), 422, 'unprocessable_entity').message).toMatch(/^group_id: /);
  });
});

describe('cross-team and scopes', () => {
  let requestId: string;
  beforeAll(async () => {
    const link = await makeLink(api, { document_id: docId, allow_list: ['ada.access.requests@fund.example'], allow_access_requests: true });
    const who = address('sweep');
    await ask(new Visitor(), slugOf(link), who);
    requestId = (await pendingFor(link.id, who))[0].id;
  });

  it('another team sees none of it', async () => {
    envelope(await other.get(`/v1/access-requests/${requestId}`), 404, 'not_found');
    envelope(await other.post(`/v1/access-requests/${requestId}/approve`, {}), 404, 'not_found');
    envelope(await other.post(`/v1/access-requests/${requestId}/deny`, {}), 404, 'not_found');
    expect(ok(await other.get('/v1/access-requests')).data).toEqual([]);
    expect(ok(await api.get(`/v1/access-requests/${requestId}`)).status).toBe('pending');
  });

  it('links.read lists and gets, links.write decides; other scopes are refused; bad filters are 422', async () => {
    const team = uniqueTeam('access-scopes');
    const reader = client((await createToken({ team, scopes: 'links.read' })).token);
    const stranger = client((await createToken({ team, scopes: 'documents.read,documents.write' })).token);
    ok(await reader.get('/v1/access-requests'));
    envelope(await reader.post('/v1/access-requests/x/approve', {}), 403, 'forbidden');
    envelope(await reader.post('/v1/access-requests/x/deny', {}), 403, 'forbidden');
    for (const [m, p] of [
      ['get', '/v1/access-requests'],
      ['get', '/v1/access-requests/x'],
      ['post', '/v1/access-requests/x/approve'],
      ['post', '/v1/access-requests/x/deny'],
    ] as const) {
      envelope(await (m === 'post' ? stranger.post(p, {}) : stranger.get(p)), 403, 'forbidden');
    }
    envelope(await api.get('/v1/access-requests?status=maybe'), 422, 'unprocessable_entity');
    envelope(await api.get('/v1/access-requests/nope'), 404, 'not_found');
  });
});
