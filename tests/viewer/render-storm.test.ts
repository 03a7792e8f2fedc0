// Render storms over real HTTP (issue 19, item 3), on servers of their own with one render thread
// each: a session asking for many cold pages at once gets 429s with Retry-After while its pages
// still come (never a 5xx); one address cannot hold more than its share; cached pages and /v1
// keep answering during a storm; a full pool answers 503 with Retry-After: 1.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { makePdf } from '../../server/media/fixtures';
import { client, createToken, uniqueTeam, upload } from '../support/api';
import { ownDatabase } from '../support/database';
import { ok } from '../support/docs';
import { startServer, type RunningServer } from '../support/server';
import { enter, makeLink, slugOf, Visitor, type Answer } from '../support/viewer';

const PER_SESSION = 3;
const PER_ADDRESS = 5;
const PAGES = 12;
/** A dozen photograph pages drawn one at a time on a machine others share: room to finish, not a measure. */
const STORM_TIMEOUT = 180_000;

type Site = { server: RunningServer; api: ReturnType<typeof client>; slug: string; drop: () => Promise<void> };
const sites: Site[] = [];

/** A server of its own (fresh data, one render thread) with a 12-page document and an open link. */
async function site(settings: Record<string, string>): Promise<Site> {
  const dir = fs.mkdtempSync(path.join(inject('tmpDir'), 'storm-'));
  const env: Record<string, string> = {
    ...inject('serverEnv'),
    QUIRE_DATA_DIR: path.join(dir, 'data'),
    VIEWER_RENDER_WORKERS: '1',
    // Every page stays cold until a visitor asks for it.
    VIEWER_PRERENDER_PAGES: '0',
    ...settings,
  };
  const drop = await ownDatabase(env, 'storm');
  const server = await startServer(env, { logFile: path.join(dir, 'server.log') });
  const s: Site = { server, api: null!, slug: '', drop };
  sites.push(s);
  s.api = client((await createToken({ team: uniqueTeam('storm'), scopes: 'apis.all', plan: 'datarooms-plus', env })).token, server.url);
  // Pages covered by a photograph-like image: each takes a while to draw and encode.
  const pdf = await makePdf(Array.from({ length: PAGES }, () => ({ photo: true })));
  const id = await upload(s.api, pdf, 'application/pdf', 'Storm.pdf');
  const doc = ok(await s.api.post('/v1/documents', { upload_id: id, name: 'Storm.pdf' }), 201);
  s.slug = slugOf(await makeLink(s.api, { document_id: doc.id }));
  return s;
}

afterAll(async () => {
  await Promise.all(sites.map(async (s) => {
    await s.server.stop();
    await s.drop();
  }));
});

async function visitor(s: Site) {
  const v = new Visitor(s.server.url);
  await enter(v, s.slug);
  return v;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks again after each busy answer's Retry-After until the page comes (or another answer does). */
async function untilServed(v: Visitor, p: string, first: Answer): Promise<Answer> {
  let r = first;
  for (let i = 0; i < 120 && (r.status === 429 || r.status === 503); i++) {
    await sleep(Number(r.headers.get('retry-after')) * 1000);
    r = await v.get(p);
  }
  return r;
}

function expectBusy(r: Answer, status: 429 | 503, message: RegExp) {
  expect(r.status).toBe(status);
  expect(r.headers.get('retry-after')).toBe('1');
  expect(r.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(r.headers.get('cache-control')).toMatch(/no-store/);
  expect(r.text()).toMatch(message);
}

describe('a render storm', () => {
  // A queue long enough that only the per-visitor limits refuse.
  let s: Site;
  beforeAll(async () => {
    s = await site({ VIEWER_RENDER_QUEUE: '8', VIEWER_RENDERS_PER_SESSION: String(PER_SESSION), VIEWER_RENDERS_PER_ADDRESS: String(PER_ADDRESS) });
  });

  it('one session asking for every page at once: 429s with Retry-After, every page still comes, /v1 and cached pages keep answering', async () => {
    const v = await visitor(s);
    const paths = Array.from({ length: PAGES }, (_, i) => `/view/${s.slug}/pages/${i + 1}?w=1440`);
    let pending = paths.length;
    const storm = paths.map((p) => v.get(p).finally(() => pending--));
    // While the storm is on, the API answers.
    const me = await s.api.get('/v1/me');
    expect(me.status).toBe(200);
    expect(pending).toBeGreaterThan(0); // it answered during the storm, not after it
    const first = await Promise.all(storm);
    const statuses = first.map((r) => r.status);
    expect(statuses.every((x) => x === 200 || x === 429), statuses.join(',')).toBe(true);
    expect(statuses.filter((x) => x === 200).length).toBeGreaterThan(0);
    const refused = first.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expectBusy(r, 429, new RegExp(`already has ${PER_SESSION} pages being drawn; retry in 1 s`));

    // Retrying after Retry-After, every page arrives.
    const served = await Promise.all(first.map((r, i) => untilServed(v, paths[i]!, r)));
    for (const r of served) {
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^image\//);
    }

    // A cached page is served while the session's render budget is taken by cold pages.
    const cold = [1, 2, 3].map((p) => `/view/${s.slug}/pages/${p}?w=480`);
    pending = cold.length;
    const busy = cold.map((p) => v.get(p).finally(() => pending--));
    const cached = await v.get(paths[0]!);
    expect(pending).toBeGreaterThan(0);
    expect(cached.status).toBe(200);
    expect(cached.body.equals(served[0]!.body)).toBe(true);
    for (const [i, r] of (await Promise.all(busy)).entries()) expect((await untilServed(v, cold[i]!, r)).status).toBe(200);
  }, STORM_TIMEOUT);

  it('one address cannot hold more than its share of renders, however many sessions it opens', async () => {
    // Three sessions, two cold pages each: within each session's limit, beyond the address's.
    const sessions = [await visitor(s), await visitor(s), await visitor(s)];
    const asks = sessions.flatMap((v, k) => [1, 2].map((n) => ({ v, p: `/view/${s.slug}/pages/${6 + 2 * k + n}?w=960` })));
    const first = await Promise.all(asks.map(({ v, p }) => v.get(p)));
    const statuses = first.map((r) => r.status);
    expect(statuses.every((x) => x === 200 || x === 429), statuses.join(',')).toBe(true);
    const byAddress = first.filter((r) => r.status === 429);
    expect(byAddress.length).toBeGreaterThan(0);
    for (const r of byAddress) expectBusy(r, 429, new RegExp(`for this network address at once \\(${PER_ADDRESS}\\); retry in 1 s`));
    const served = await Promise.all(first.map((r, i) => untilServed(asks[i]!.v, asks[i]!.p, r)));
    expect(served.map((r) => r.status)).toEqual(asks.map(() => 200));
  }, STORM_TIMEOUT);
});

describe('a full render pool', () => {
  // One thread and one waiting job; the per-visitor limits at their defaults (4 and 16).
  let s: Site;
  beforeAll(async () => {
    s = await site({ VIEWER_RENDER_QUEUE: '1' });
  });

  it('a full pool answers 503 with Retry-After: 1, and the pages come on retry', async () => {
    // Two sessions, five cold pages: within every per-visitor limit, beyond one thread and a queue of 1.
    const [a, b] = [await visitor(s), await visitor(s)];
    const asks = [
      ...[4, 5, 6].map((p) => ({ v: a, p: `/view/${s.slug}/pages/${p}?w=960` })),
      ...[7, 8].map((p) => ({ v: b, p: `/view/${s.slug}/pages/${p}?w=960` })),
    ];
    const first = await Promise.all(asks.map(({ v, p }) => v.get(p)));
    const statuses = first.map((r) => r.status);
    expect(statuses.every((x) => x === 200 || x === 503), statuses.join(',')).toBe(true);
    expect(statuses.filter((x) => x === 503).length).toBeGreaterThan(0);
    for (const r of first.filter((x) => x.status === 503)) expectBusy(r, 503, /busy drawing pages for other visitors; retry in 1 s/);
    const served = await Promise.all(first.map((r, i) => untilServed(asks[i]!.v, asks[i]!.p, r)));
    expect(served.map((r) => r.status)).toEqual(asks.map(() => 200));
  }, STORM_TIMEOUT);

});
