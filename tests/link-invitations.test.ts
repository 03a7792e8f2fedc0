// Link invitations over HTTP (DESIGN.md "Agreements (NDA before access), invitations, access
// requests"): the mail in the log (the right link, the team's name, the message), answers in the
// request's order, a group link's addresses joining its group, first_viewed_at from the first
// visit by that email, the daily cap (INVITATIONS_PER_TEAM_PER_DAY, set low for the tests in
// tests/global-setup.ts), events, cross-team and scopes.
import { beforeAll, describe, expect, it } from 'vitest';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { fromLog, logSize, makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';

type Api = ReturnType<typeof client>;
let api: Api;
let other: Api;
let teamName: string;
let doc: any;

const address = (who: string) => `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@fund.example`;

/** The invitation log lines for `email` after `since` (the mail's stand-in in the embedded default). */
async function mailFor(email: string, since: number) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const lines = fromLog('link invitation', email, since);
    if (lines.length || Date.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  const team = uniqueTeam('invites');
  api = client((await createToken({ team, scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  other = client((await createToken({ team: uniqueTeam('invites-other'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  teamName = ok(await api.get('/v1/me')).team.name;
  doc = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/deck', name: 'Deck' }), 201);
});

describe('POST /v1/links/{id}/invitations', () => {
  it('mails each address the link from the team with the message, and answers in the request order', async () => {
    const link = await makeLink(api, { document_id: doc.id, name: 'Series B deck' });
    const [a, b, c] = [address('ada'), address('bob'), address('cy')];
    const since = logSize();
    const message = 'Here is the deck we discussed.\nCall me with questions.';
    const res = ok(await api.post(`/v1/links/${link.id}/invitations`, { emails: [c, a.toUpperCase(), b, a], message }));
    expect(res.data.map((i: any) => i.email)).toEqual([c, a, b]);
    for (const i of res.data) {
      expect(Object.keys(i).sort()).toEqual(['email', 'error', 'first_viewed_at', 'id', 'link_id', 'object', 'sent_at', 'status']);
      expect(i).toMatchObject({ object: 'invitation', link_id: link.id, status: 'sent', error: null, first_viewed_at: null });
      expect(Date.parse(i.sent_at)).not.toBeNaN();
    }
    for (const e of [a, b, c]) {
      const lines = await mailFor(e, since);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toBe(`${link.url} (from ${JSON.stringify(teamName)}, message ${JSON.stringify(message)})`);
    }
    const listed = ok(await api.get(`/v1/links/${link.id}/invitations`));
    expect(new Set(listed.data.map((i: any) => i.id))).toEqual(new Set(res.data.map((i: any) => i.id)));
    expect(listed.next_cursor).toBeNull();
  });

  it('without a message the mail carries the link and the team only', async () => {
    const link = await makeLink(api, { document_id: doc.id });
    const who = address('plain');
    const since = logSize();
    ok(await api.post(`/v1/links/${link.id}/invitations`, { emails: [who] }));
    expect(await mailFor(who, since)).toEqual([`${link.url} (from ${JSON.stringify(teamName)})`]);
  });

  it("names the room or the document, never the link's internal name (only the team sees it)", async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Project Harbor' }), 201);
    const roomLink = await makeLink(api, { dataroom_id: room.id, name: 'Harbor – lowball bidder' });
    const docLink = await makeLink(api, { document_id: doc.id, name: 'Deck for the weak bidder' });
    for (const [link, shown, hidden] of [
      [roomLink, 'Project Harbor', 'lowball'],
      [docLink, 'Deck', 'weak bidder'],
    ] as const) {
      const who = address('named');
      const since = logSize();
      ok(await api.post(`/v1/links/${link.id}/invitations`, { emails: [who] }));
      await mailFor(who, since);
      const subject = fromLog('link invitation subject', who, since);
      expect(subject).toHaveLength(1);
      expect(subject[0]).toContain(`“${shown}”`);
      expect(subject[0]).toContain(teamName);
      expect(subject[0]).not.toContain(hidden);
    }
  });

  it('emits invitation.sent per address', async () => {
    const link = await makeLink(api, { document_id: doc.id });
    const emails = [address('ev1'), address('ev2')];
    const res = ok(await api.post(`/v1/links/${link.id}/invitations`, { emails }));
    for (const inv of res.data) {
      const events = ok(await api.get(`/v1/events?type=invitation.sent&resource_id=${inv.id}`)).data;
      expect(events).toHaveLength(1);
      expect(events[0].data.object).toMatchObject({ id: inv.id, email: inv.email, status: 'sent' });
    }
  });

  it('a group link adds each address to its group first', async () => {
    const room = ok(await api.post('/v1/datarooms', { name: 'Invite room' }), 201);
    const group = ok(await api.post(`/v1/datarooms/${room.id}/groups`, { name: 'Bidders' }), 201);
    const link = await makeLink(api, { dataroom_id: room.id, audience_type: 'group', group_id: group.id });
    const emails = [address('g1'), address('g2')];
    const res = ok(await api.post(`/v1/links/${link.id}/invitations`, { emails }));
    expect(res.data.map((i: any) => i.status)).toEqual(['sent', 'sent']);
    const members = ok(await api.get(`/v1/datarooms/${room.id}/groups/${group.id}/members`)).data.map((m: any) => m.email);
    expect(members.sort()).toEqual([...emails].sort());
  });

  it('fills first_viewed_at when that email first opens the link, and only for that email', async () => {
    const link = await makeLink(api, { document_id: (await pdfDocument(api, 1)).id, email_protected: true });
    const [seen, unseen] = [address('seen'), address('unseen')];
    ok(await api.post(`/v1/links/${link.id}/invitations`, { emails: [seen, unseen] }));
    const v = new Visitor();
    const slug = slugOf(link);
    await v.open(slug);
    await v.gate(slug, { step: 'email', email: seen.toUpperCase() });
    expect((await v.open(slug)).status).toBe(200);
    const byEmail = new Map(ok(await api.get(`/v1/links/${link.id}/invitations`)).data.map((i: any) => [i.email, i]));
    expect(Date.parse((byEmail.get(seen) as any).first_viewed_at)).not.toBeNaN();
    expect((byEmail.get(unseen) as any).first_viewed_at).toBeNull();
  });

  it('refuses bad input with the field named', async () => {
    const link = await makeLink(api, { document_id: doc.id });
    const path = `/v1/links/${link.id}/invitations`;
    expect(envelope(await api.post(path, { emails: [] }), 422, 'unprocessable_entity').message).toContain('at least one');
    const many = Array.from({ length: 501 }, (_, i) => `p${i}@fund.example`);
    expect(envelope(await api.post(path, { emails: many }), 422, 'unprocessable_entity').message).toContain('at most 500');
    expect(envelope(await api.post(path, { emails: ['not-an-email'] }), 422, 'unprocessable_entity').message).toContain('not-an-email');
    expect(envelope(await api.post(path, { emails: [address('m')], message: 'x'.repeat(2001) }), 422, 'unprocessable_entity').message).toContain('message');
    envelope(await api.post(path, { emails: [address('m')], extra: true }), 422, 'unprocessable_entity');
    // Nothing above was mailed or stored.
    expect(ok(await api.get(path)).data).toEqual([]);
  });

  it('caps a team at INVITATIONS_PER_TEAM_PER_DAY a UTC day, naming the reset', async () => {
    const capped = client((await createToken({ team: uniqueTeam('invites-cap'), scopes: 'apis.all' })).token);
    const link = await makeLink(capped, { document_id: ok(await capped.post('/v1/documents', { type: 'link', external_url: 'https://example.com/c', name: 'C' }), 201).id });
    const path = `/v1/links/${link.id}/invitations`;
    // The test server's cap is 40 (tests/global-setup.ts).
    ok(await capped.post(path, { emails: Array.from({ length: 30 }, (_, i) => address(`cap${i}`)) }));
    const refused = envelope(await capped.post(path, { emails: Array.from({ length: 11 }, (_, i) => address(`over${i}`)) }), 429, 'rate_limit_exceeded');
    const now = new Date();
    const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
    expect(refused.message).toContain('At most 40');
    expect(refused.message).toContain(reset);
    expect(refused.details).toMatchObject({ limit: 40, remaining: 10, reset_at: reset });
    expect(ok(await capped.get(`${path}?limit=100`)).data).toHaveLength(30);
    // The rest of the day's allowance still goes out.
    expect(ok(await capped.post(path, { emails: Array.from({ length: 10 }, (_, i) => address(`last${i}`)) })).data).toHaveLength(10);
    envelope(await capped.post(path, { emails: [address('one-more')] }), 429, 'rate_limit_exceeded');
    // Another team's allowance is its own.
    const link2 = await makeLink(api, { document_id: doc.id });
    ok(await api.post(`/v1/links/${link2.id}/invitations`, { emails: [address('free')] }));
  });
});

describe('cross-team and scopes', () => {
  it('another team sees no link: 404 on both routes', async () => {
    const link = await makeLink(api, { document_id: doc.id });
    envelope(await other.post(`/v1/links/${link.id}/invitations`, { emails: [address('x')] }), 404, 'not_found');
    envelope(await other.get(`/v1/links/${link.id}/invitations`), 404, 'not_found');
    envelope(await api.get('/v1/links/nope/invitations'), 404, 'not_found');
  });

  it('links.read lists, links.write sends; other scopes are refused', async () => {
    const team = uniqueTeam('invites-scopes');
    const writer = client((await createToken({ team, scopes: 'links.write,documents.write' })).token);
    const reader = client((await createToken({ team, scopes: 'links.read' })).token);
    const stranger = client((await createToken({ team, scopes: 'documents.read' })).token);
    const d = ok(await writer.post('/v1/documents', { type: 'link', external_url: 'https://example.com/s', name: 'S' }), 201);
    const link = await makeLink(writer, { document_id: d.id });
    const path = `/v1/links/${link.id}/invitations`;
    envelope(await reader.post(path, { emails: [address('r')] }), 403, 'forbidden');
    envelope(await stranger.get(path), 403, 'forbidden');
    ok(await writer.post(path, { emails: [address('w')] }));
    expect(ok(await reader.get(path)).data).toHaveLength(1);
  });
});
