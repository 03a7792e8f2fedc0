// The production server as `npm start` runs it when the build is current: scripts/serve.ts
// compiled by scripts/build-server.mjs and run by plain Node, without tsx (scripts/with-db.ts
// chooses it; the choice is tested in build-once.unit.test.ts). Compiled here into a folder of its
// own under .next/ (its packages are found from there, as the build's are), so this holds whether
// or not the checkout's build is current, and served over the suite's database: each face answers
// from the compiled copy.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildServer } from '../scripts/build-server.mjs';
import { client, createToken, envelope, uniqueTeam } from './support/api';
import { onNextStart, ROOT, startServer, type RunningServer } from './support/server';
import { enter, makeLink, pdfDocument, slugOf, Visitor } from './support/viewer';

let dir: string;
let compiled: string;
let server: RunningServer;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(ROOT, '.next', 'test-compiled-server-'));
  compiled = await buildServer(ROOT, dir);
  server = await startServer(inject('serverEnv'), { logFile: path.join(dir, 'server.log'), entry: compiled });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the compiled production server', () => {
  it('is one CommonJS file with its source map beside it, the project bundled and packages left to node_modules', () => {
    const code = fs.readFileSync(compiled, 'utf8');
    expect(fs.existsSync(`${compiled}.map`)).toBe(true);
    expect(code).toMatch(/\/\/# sourceMappingURL=serve\.cjs\.map\s*$/);
    // The project's modules are in it, not imported from their TypeScript.
    expect(code).toContain('server/rest/node.ts');
    expect(code).not.toMatch(/require\("[^"]*\.ts"\)/);
    expect(code).toMatch(/require\("next"\)/);
  });

  it('runs without tsx: no process of its own loads it', () => {
    const cmdlines = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .map((p) => {
        try {
          const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
          const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
          return pgid === server.pid ? fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0') : null;
        } catch {
          return null;
        }
      })
      .filter((c): c is string[] => !!c);
    // The script a process runs is its second word (with-db, under tsx, names the file as an argument).
    const own = cmdlines.filter((c) => c[1] === compiled);
    expect(own).toHaveLength(1);
    expect(own[0]!.join(' ')).not.toMatch(/tsx/);
  });

  // The suite's server is bare `next start` in the PostgreSQL pass (QUIRE_TEST_SERVER=next).
  it.skipIf(onNextStart)("the suite's own server, started as npm start starts it, runs with 16 MB semi-spaces (scripts/with-db.ts)", () => {
    const port = new URL(inject('baseUrl')).port;
    const servers = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .map((p) => {
        try {
          const cmdline = fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0');
          const environ = fs.readFileSync(`/proc/${p}/environ`, 'utf8').split('\0');
          return cmdline.some((a) => /scripts\/serve\.ts$|quire-server\/serve\.cjs$/.test(a)) && environ.includes(`PORT=${port}`) ? environ : null;
        } catch {
          return null;
        }
      })
      .filter((e): e is string[] => !!e);
    expect(servers.length).toBeGreaterThan(0);
    for (const environ of servers) expect(environ.find((e) => e.startsWith('NODE_OPTIONS='))).toMatch(/--max-semi-space-size=16\b/);
  });

  it('answers /v1 in the envelope and runs operations on the database', async () => {
    envelope(await client(null, server.url).get('/v1/documents'), 401, 'unauthorized');
    const { token } = await createToken({ team: uniqueTeam('compiled'), scopes: 'apis.all' });
    const api = client(token, server.url);
    const created = await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/compiled', name: 'Compiled' });
    expect(created.status).toBe(201);
    const read = await api.get(`/v1/documents/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: created.body.id, name: 'Compiled', object: 'document' });
    const openapi = await fetch(`${server.url}/v1/openapi.json`);
    expect(openapi.status).toBe(200);
    expect((await openapi.json()).openapi).toMatch(/^3\./);
  });

  it("serves Next's pages and the viewer's fast link page", async () => {
    const signIn = await fetch(`${server.url}/signin`, { redirect: 'manual' });
    expect([signIn.status, signIn.headers.get('location')]).toEqual([200, null]);
    expect(await signIn.text()).toContain('<html');
    const { token } = await createToken({ team: uniqueTeam('compiled'), scopes: 'apis.all' });
    const api = client(token, server.url);
    const doc = await pdfDocument(api, 2, 'Compiled deck.pdf');
    const link = await makeLink(api, { document_id: doc.id });
    const v = new Visitor(server.url);
    const page = await enter(v, slugOf(link));
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text()).toContain('Compiled deck.pdf');
    // A page image: the render pool's threads load their compiled modules from the build.
    const image = await v.get(`/view/${slugOf(link)}/pages/1?w=480`);
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/webp']);
    expect(image.body.subarray(8, 12).toString()).toBe('WEBP');
  });
});
