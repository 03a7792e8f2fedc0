// Room Q&A over real HTTP: a room with Q&A on, visitors who verified their email with the
// one-time code, and the viewer's questions route (GET my questions and the FAQ, POST ask).
import { expect } from 'vitest';
import { client } from './api';
import { ok } from './docs';
import { codeFor, logSize, makeLink, pdfDocument, slugOf, Visitor } from './viewer';

type Api = ReturnType<typeof client>;

/** A room with Q&A on, one 3-page document in it, and a general link that verifies emails. */
export async function qaRoom(api: Api, extra: Record<string, unknown> = {}) {
  const room = ok(await api.post('/v1/datarooms', { name: 'Falcon', qa_enabled: true, ...extra }), 201);
  const doc = await pdfDocument(api, 3, 'Lease.pdf');
  const item = ok(await api.post(`/v1/datarooms/${room.id}/documents`, { document_id: doc.id }), 201);
  const link = await makeLink(api, { dataroom_id: room.id, email_protected: true, email_authenticated: true });
  return { room, doc, item, link, slug: slugOf(link) };
}

/** A visitor through the email and one-time code gates of `slug`. */
export async function verifiedVisitor(slug: string, email: string): Promise<Visitor> {
  const v = new Visitor();
  const since = logSize();
  await v.gate(slug, { step: 'email', email });
  const r = await v.gate(slug, { step: 'code', code: await codeFor(email, since) });
  expect(r.location ?? '').not.toContain('e=');
  expect((await v.open(slug)).status).toBe(200);
  return v;
}

export type Answer = { status: number; body: any };

const parsed = (r: { status: number; text: () => string }): Answer => ({ status: r.status, body: r.text() ? JSON.parse(r.text()) : null });

/** The visitor's Q&A panel: `{ enabled, verified, limit, remaining, mine, faq }`. */
export const panel = async (v: Visitor, slug: string) => parsed(await v.get(`/view/${slug}/questions`));

export const ask = async (v: Visitor, slug: string, body: unknown, headers: Record<string, string> = {}) =>
  parsed(await v.request('POST', `/view/${slug}/questions`, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } }));
