// A visitor of the viewer over real HTTP: a cookie jar, gate forms posted as a browser posts
// them (form-encoded, 303 back to the link), and one-time codes read from the server log.
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { inject } from 'vitest';
import { baseUrl, upload, type client } from './api';
import { ok } from './docs';
import { withTestDb } from './test-db';

type Api = ReturnType<typeof client>;

export const serverLog = () => path.join(inject('tmpDir'), 'server.log');
export const logSize = () => (fs.existsSync(serverLog()) ? fs.statSync(serverLog()).size : 0);

/** Lines `[quire] <kind> for <email>: <value>` written after `since`. */
export function fromLog(kind: string, email: string, since: number): string[] {
  const text = fs.readFileSync(serverLog()).subarray(since).toString('utf8');
  const esc = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...text.matchAll(new RegExp(`\\[quire\\] ${kind} for ${esc}: (.+)`, 'g'))].map((m) => m[1]!.trim());
}

/**
 * fromLog once it holds at least `atLeast` lines (mail goes out as a job after the answer, so
 * the log line follows it; waits up to 10 s).
 */
export async function awaitLog(kind: string, email: string, since: number, atLeast = 1, waitMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const lines = fromLog(kind, email, since);
    if (lines.length >= atLeast || Date.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The newest one-time code mailed to `email` after `since` (waits a little for the log). */
export async function codeFor(email: string, since: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const codes = fromLog('one-time code', email, since);
    if (codes.length) return codes[codes.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no one-time code for ${email} in ${serverLog()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type Answer = { status: number; headers: Headers; body: Buffer; text: () => string; location: string | null };

/** A browser of one visitor: cookies kept per name and path, redirects not followed. */
export class Visitor {
  cookies = new Map<string, { value: string; path: string }>();

  constructor(readonly base = baseUrl()) {}

  cookieFor(p: string) {
    return [...this.cookies.values()]
      .filter((c) => p === c.path || p.startsWith(c.path + '/') || p.startsWith(c.path + '?'))
      .map((c) => c.value)
      .join('; ');
  }

  async request(method: string, p: string, init: { body?: string | Buffer; headers?: Record<string, string> } = {}): Promise<Answer> {
    const cookie = this.cookieFor(p.split('?')[0]!);
    const r = await fetch(this.base + p, {
      method,
      redirect: 'manual',
      // Browsers send Origin on every POST (the viewer refuses one without it).
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...(method === 'POST' ? { Origin: this.base } : {}), ...init.headers },
      body: init.body as BodyInit | undefined,
    });
    for (const c of r.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';').map((s) => s.trim());
      const [name] = pair!.split('=');
      const pathAttr = attrs.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attrs.some((a) => /^max-age=0$/i.test(a));
      const key = `${name}@${pathAttr}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value: pair!, path: pathAttr });
    }
    const body = Buffer.from(await r.arrayBuffer());
    const location = r.headers.get('location');
    return { status: r.status, headers: r.headers, body, text: () => body.toString('utf8'), location: location ? location.replace(this.base, '') : null };
  }

  get = (p: string, headers?: Record<string, string>) => this.request('GET', p, { headers });

  /** Posts a gate form as a browser does. */
  gate(slug: string, fields: Record<string, string>) {
    return this.request('POST', `/view/${slug}/gate`, {
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }

  /** Page-time events (JSON, as the heartbeat and the beacon send them). */
  events(slug: string, viewId: string, events: { id: string; page: number; duration_ms: number }[]) {
    return this.request('POST', `/view/${slug}/events`, { body: JSON.stringify({ view_id: viewId, events }), headers: { 'Content-Type': 'text/plain' } });
  }

  /** Follows the page (and its enter redirect) and answers the final page. */
  async open(slug: string, query = ''): Promise<Answer> {
    let r = await this.get(`/view/${slug}${query}`);
    for (let i = 0; i < 3 && r.status >= 300 && r.status < 400 && r.location; i++) r = await this.get(r.location);
    return r;
  }
}

/** The gate a viewer page shows (its form's test id), or null. */
export const gateOf = (html: string) => /data-testid="gate-(email|fields|password|code)"/.exec(html)?.[1] ?? null;
/** The id of the view a document page reports to (from the page's props). */
export const viewIdOf = (html: string) => /viewId\\?":\\?"([a-z0-9]+)/.exec(html)?.[1] ?? null;
/** The `e` (refusal) of a gate redirect. */
export const refusalOf = (location: string | null) => (location ? new URL(location, 'http://x').searchParams.get('e') : null);

export const slugOf = (link: { url: string }) => link.url.split('/view/')[1]!;

export async function pdfWithText(pages: number, label = 'Page'): Promise<Buffer> {
  const d = await PDFDocument.create();
  const f = await d.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) d.addPage([400, 500]).drawText(`${label} ${i}`, { x: 40, y: 440, size: 24, font: f });
  return Buffer.from(await d.save());
}

export async function pdfDocument(api: Api, pages: number, name = 'Deck.pdf') {
  const id = await upload(api, await pdfWithText(pages), 'application/pdf', name);
  return ok(await api.post('/v1/documents', { upload_id: id, name }), 201);
}

export async function makeLink(api: Api, body: Record<string, unknown>) {
  return ok(await api.post('/v1/links', body), 201);
}

/** Through every gate of a link without gates. */
export async function enter(v: Visitor, slug: string) {
  const r = await v.open(slug);
  if (r.status !== 200) throw new Error(`expected to enter ${slug}, got ${r.status} ${r.location}`);
  return r;
}

/**
 * Moves a view's opening `ms` into the past: a view records no more reading time than it has been
 * open, so tests that report more than a few seconds at once open the view "earlier".
 */
export const openedAgo = (viewId: string, ms: number) =>
  withTestDb((c) => c.query(`UPDATE views SET viewed_at = viewed_at - make_interval(secs => $2::float8 / 1000) WHERE id = $1`, [viewId, ms]));
