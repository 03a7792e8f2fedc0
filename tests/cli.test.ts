// The `quire` CLI (cli/) as users run it: child processes against the real server, each with its
// own QUIRE_CONFIG_DIR. --json output, the three-step upload, paging with --all, exit codes,
// retries after 429, the config file, and the OAuth device login with refresh and logout.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, baseUrl, client, createToken, uniqueTeam } from './support/api';
import { configDir, json, proxy, quire, rateLimited, unavailable, type Proxy } from './support/cli';
import { ok, pdfBytes } from './support/docs';
import { inProcessCaller } from './support/in-process';

let token: string;
let readOnly: string;
let api: ReturnType<typeof client>;
let work: string;
const env = (extra: Record<string, string | undefined> = {}) => ({ QUIRE_CONFIG_DIR: configDir(), QUIRE_API_URL: baseUrl(), QUIRE_TOKEN: token, ...extra });

beforeAll(async () => {
  const team = uniqueTeam('cli');
  const [a, b] = await Promise.all([
    createToken({ team, scopes: 'apis.all', plan: 'datarooms-plus' }),
    createToken({ team, scopes: 'documents.read' }),
  ]);
  [token, readOnly] = [a.token, b.token];
  api = client(token);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-cli-files-'));
});

afterAll(() => work && fs.rmSync(work, { recursive: true, force: true }));

describe('help and usage', () => {
  it('--help lists the commands and the exit codes', async () => {
    const r = await quire(['--help'], env());
    expect(r.code).toBe(0);
    for (const word of ['login', 'whoami', 'documents', 'datarooms', 'links', 'analytics', 'Exit codes', 'QUIRE_TOKEN']) expect(r.stdout).toContain(word);
  });

  it('an unknown option or command is a usage error (2) with nothing on stdout', async () => {
    for (const args of [['documents', 'list', '--bogus'], ['documnets'], ['documents', 'get']]) {
      const r = await quire(args, env());
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
    }
  });
});

describe('--json and uploads', () => {
  it('upload --json: the document the API created, which reads back the same over HTTP', async () => {
    const file = path.join(work, 'Board deck.pdf');
    fs.writeFileSync(file, await pdfBytes(3));
    const folder = json(await quire(['folders', 'create', '--name', 'CLI uploads', '--json'], env()));
    expect(folder.object).toBe('folder');

    const r = await quire(['documents', 'upload', file, '--folder', folder.id, '--json'], env());
    const doc = json(r);
    expect(doc).toMatchObject({ object: 'document', name: 'Board deck.pdf', type: 'pdf', content_type: 'application/pdf', num_pages: 3, folder_id: folder.id });
    // text_status moves on in the background (the blank pages' extraction ends in "none" within moments).
    const settled = ({ text_status: _moving, ...rest }: Record<string, unknown>) => rest;
    expect(settled(ok(await api.get(`/v1/documents/${doc.id}`)))).toEqual(settled(doc));

    // get --json prints the API's object as it is
    expect(settled(json(await quire(['documents', 'get', doc.id, '--json'], env())))).toEqual(settled(doc));

    // a new version through the same flow, named by --name on a second upload
    const txt = path.join(work, 'notes.txt');
    fs.writeFileSync(txt, 'hello from the cli\n');
    const v = json(await quire(['documents', 'add-version', doc.id, file, '--json'], env()));
    expect(v).toMatchObject({ object: 'document_version', document_id: doc.id, version_number: 2, is_primary: true });
    const versions = json(await quire(['documents', 'versions', 'list', doc.id, '--json'], env()));
    expect(versions.map((x: { version_number: number }) => x.version_number)).toEqual([2, 1]);
    const named = json(await quire(['documents', 'upload', txt, '--name', 'Notes', '--json'], env()));
    expect(named).toMatchObject({ name: 'Notes', content_type: 'text/plain', folder_id: null });
  });

  it('human output is a table with a header row', async () => {
    const r = await quire(['documents', 'list', '--limit', '5'], env());
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+TYPE\s+NUM_PAGES\s+PREVIEW_STATUS\s+FOLDER_ID/);
  });

  it("documents list shows each document's preview status (issue 22)", async () => {
    const txt = path.join(work, 'no-preview.txt');
    fs.writeFileSync(txt, 'a file Quire does not preview\n');
    const doc = json(await quire(['documents', 'upload', txt, '--name', 'CLI preview status', '--json'], env()));
    expect(doc.preview_status).toBe('unavailable');
    const r = await quire(['documents', 'list', '--limit', '50'], env());
    const header = r.stdout.split('\n')[0]!;
    const row = r.stdout.split('\n').find((l) => l.startsWith(doc.id))!;
    // The column under PREVIEW_STATUS reads the document's status.
    expect(row.slice(header.indexOf('PREVIEW_STATUS')).split(/\s+/)[0]).toBe('unavailable');
  });

  it('create a link for a document: flags become the body', async () => {
    const doc = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/a', name: 'Linked' }), 201);
    const link = json(await quire(['links', 'create', '--document', doc.id, '--name', 'For Bob', '--allow-download', '--json'], env()));
    expect(link).toMatchObject({ object: 'link', document_id: doc.id, name: 'For Bob', allow_download: true });
    expect(link.url).toMatch(/^https?:\/\//);
    const updated = json(await quire(['links', 'update', link.id, '--no-allow-download', '--name', 'null', '--json'], env()));
    expect(updated).toMatchObject({ allow_download: false, name: null });
  });
});

describe('paging', () => {
  it('documents list --all --limit 10 walks next_cursor through every page', async () => {
    const team = uniqueTeam('cli-paging');
    const { token: t } = await createToken({ team, scopes: 'documents.read,documents.write' });
    const a = client(t);
    for (let i = 0; i < 27; i++) ok(await a.post('/v1/documents', { type: 'link', external_url: `https://example.com/${i}`, name: `doc ${i}` }), 201);
    const p = await proxy(baseUrl(), () => null);
    try {
      const all = json(await quire(['documents', 'list', '--all', '--limit', '10', '--json'], env({ QUIRE_TOKEN: t, QUIRE_API_URL: p.url })));
      expect(all).toHaveLength(27);
      expect(new Set(all.map((d: { id: string }) => d.id)).size).toBe(27);
      expect(p.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('limit'))).toEqual(['10', '10', '10']);
      // without --all: the first page's data array only
      const first = json(await quire(['documents', 'list', '--limit', '10', '--json'], env({ QUIRE_TOKEN: t })));
      expect(first).toHaveLength(10);
      expect(first).toEqual(all.slice(0, 10));
    } finally {
      await p.close();
    }
  });
});

describe('failures and exit codes', () => {
  it('401: exit 3, the message and doc_url on stderr, nothing on stdout', async () => {
    const r = await quire(['documents', 'list'], env({ QUIRE_TOKEN: 'quire_live_' + 'x'.repeat(40) }));
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/docs\/api\/errors#unauthorized/);
  });

  it('no token at all: exit 3 and a hint to log in', async () => {
    const r = await quire(['documents', 'list'], env({ QUIRE_TOKEN: undefined }));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/quire login/);
  });

  it('403 (missing scope): exit 4', async () => {
    const r = await quire(['folders', 'create', '--name', 'x'], env({ QUIRE_TOKEN: readOnly }));
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/errors#forbidden/);
  });

  it('404: exit 5; with --json the envelope goes to stderr and stdout stays empty', async () => {
    const r = await quire(['documents', 'get', 'nosuchdocument', '--json'], env());
    expect(r.code).toBe(5);
    expect(r.stdout).toBe('');
    const envelope = JSON.parse(r.stderr.trim().split('\n').pop()!);
    expect(envelope.error).toMatchObject({ code: 'not_found' });
    expect(envelope.error.doc_url).toMatch(/#not_found$/);
  });

  it('422: exit 1 with the offending key named', async () => {
    const doc = ok(await api.post('/v1/documents', { type: 'link', external_url: 'https://example.com/b' }), 201);
    const r = await quire(['documents', 'update', doc.id, '--data', '{"nmae":"x"}'], env());
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/nmae/);
    expect(r.stderr).toMatch(/errors#unprocessable_entity/);
  });

  it('network error: exit 7', async () => {
    const p = await proxy(baseUrl(), () => null);
    const url = p.url;
    await p.close();
    const r = await quire(['documents', 'list'], env({ QUIRE_API_URL: url }));
    expect(r.code).toBe(7);
  });
});

describe('429 and Retry-After', () => {
  let p: Proxy | undefined;
  afterAll(async () => p?.close());

  it('a 429 is retried after Retry-After and the command succeeds', async () => {
    p = await proxy(baseUrl(), (n) => (n === 0 ? rateLimited('1') : null));
    const r = await quire(['documents', 'list', '--json'], env({ QUIRE_API_URL: p.url }));
    expect(Array.isArray(json(r))).toBe(true);
    expect(p.requests).toHaveLength(2);
    expect(r.ms).toBeGreaterThanOrEqual(1000);
    expect(r.stderr).toMatch(/rate limited; retrying in 1 s/);
    await p.close();
    p = undefined;
  });

  it('still 429 after 3 retries: exit 6', async () => {
    p = await proxy(baseUrl(), () => rateLimited('0'));
    const r = await quire(['folders', 'list'], env({ QUIRE_API_URL: p.url }));
    expect(r.code).toBe(6);
    expect(p.requests).toHaveLength(4);
    expect(r.stderr).toMatch(/Too many requests/);
  });
});

describe('Idempotency-Key', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  let p: Proxy | undefined;
  afterAll(async () => p?.close());

  it('every POST carries a fresh key (a UUID); other methods none', async () => {
    p = await proxy(baseUrl(), () => null);
    const a = json(await quire(['folders', 'create', '--name', 'Keyed A', '--json'], env({ QUIRE_API_URL: p.url })));
    const b = json(await quire(['folders', 'create', '--name', 'Keyed B', '--json'], env({ QUIRE_API_URL: p.url })));
    json(await quire(['folders', 'update', a.id, '--name', 'Keyed A2', '--json'], env({ QUIRE_API_URL: p.url })));
    json(await quire(['folders', 'list', '--json'], env({ QUIRE_API_URL: p.url })));
    const posts = p.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    for (const r of posts) expect(r.idempotencyKey).toMatch(UUID);
    expect(posts[0]!.idempotencyKey).not.toBe(posts[1]!.idempotencyKey);
    for (const r of p.requests.filter((x) => x.method !== 'POST')) expect(r.idempotencyKey, r.method).toBeUndefined();
    expect(b.name).toBe('Keyed B');
    await p.close();
    p = undefined;
  });

  it('a retry sends the same key: the create whose answer was lost (503) is replayed, not made twice', async () => {
    const name = `Lost answer ${Date.now()}`;
    p = await proxy(baseUrl(), () => null, (n) => (n === 0 ? unavailable('0') : null));
    const r = await quire(['folders', 'create', '--name', name, '--json'], env({ QUIRE_API_URL: p.url }));
    const folder = json(r);
    expect(r.stderr).toMatch(/service unavailable; retrying/);
    expect(p.requests).toHaveLength(2);
    expect(p.requests[0]!.idempotencyKey).toMatch(UUID);
    expect(p.requests[1]!.idempotencyKey).toBe(p.requests[0]!.idempotencyKey);
    const all = json(await quire(['folders', 'list', '--all', '--json'], env()));
    expect(all.filter((f: { name: string }) => f.name === name).map((f: { id: string }) => f.id)).toEqual([folder.id]);
    await p.close();
    p = undefined;
  });

  it('a 409 for the same key still running is retried with that key', async () => {
    const running = { status: 409, body: { error: { code: 'conflict', message: 'still running', doc_url: 'http://x/docs/api/errors#conflict', details: { header: 'Idempotency-Key' } } } };
    p = await proxy(baseUrl(), (n) => (n === 0 ? running : null));
    const r = await quire(['folders', 'create', '--name', `After 409 ${Date.now()}`, '--json'], env({ QUIRE_API_URL: p.url }));
    expect(json(r).object).toBe('folder');
    expect(r.stderr).toMatch(/still running; retrying/);
    expect(p.requests.map((x) => x.idempotencyKey)).toEqual([p.requests[0]!.idempotencyKey, p.requests[0]!.idempotencyKey]);
  });
});

describe('config file and token sources', () => {
  it('whoami says where the token came from', async () => {
    const fromEnv = json(await quire(['whoami', '--json'], env()));
    expect(fromEnv).toMatchObject({ object: 'token_info', kind: 'dashboard', token_source: 'env', user: null });
    expect(fromEnv.scopes).toContain('documents.read');
    const fromFlag = await quire(['whoami', '--token', token], env({ QUIRE_TOKEN: 'quire_live_wrong' }));
    expect(fromFlag.code).toBe(0);
    expect(fromFlag.stdout).toMatch(/--token flag/);
  });

  it('a stored token is only sent to the API it was issued for', async () => {
    const dir = configDir();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ api_url: 'https://api.elsewhere.example', access_token: token }));
    const r = await quire(['documents', 'list'], { QUIRE_CONFIG_DIR: dir, QUIRE_API_URL: baseUrl() });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/Not logged in/);
  });

  it('logout with an unreachable issuer: a warning, tokens removed, file mode 0600', async () => {
    const dir = configDir();
    const file = path.join(dir, 'config.json');
    fs.writeFileSync(file, JSON.stringify({ api_url: baseUrl(), issuer: 'http://127.0.0.1:9', client_id: 'quire-cli', access_token: 'a', refresh_token: 'r' }), { mode: 0o644 });
    const r = await quire(['logout'], { QUIRE_CONFIG_DIR: dir });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: could not revoke/);
    const cfg = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(cfg).toEqual({ api_url: baseUrl(), issuer: 'http://127.0.0.1:9', client_id: 'quire-cli' });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});

describe('login (OAuth device flow)', () => {
  it('login, refresh before expiry and after a 401, concurrent refreshes, logout', async () => {
    const team = uniqueTeam('cli-login');
    const email = `${team}@example.com`;
    await createToken({ team, scopes: 'documents.read', plan: 'datarooms-plus' });
    await admin(['team', 'add-member', team, email]);
    const dir = configDir();
    const file = path.join(dir, 'config.json');
    const e = { QUIRE_CONFIG_DIR: dir, QUIRE_API_URL: baseUrl() };

    let approved: Promise<unknown> | null = null;
    const login = await quire(['login', '--no-browser', '--scopes', 'documents.read,documents.write', '--json'], e, {
      onStderr: (chunk) => {
        const code = /Code: (\S+)/.exec(chunk)?.[1];
        if (code && !approved) approved = admin(['device', 'approve', code, '--team', team, '--email', email]);
      },
    });
    await approved;
    const out = json(login);
    expect(out.me).toMatchObject({ object: 'token_info', kind: 'oauth', team: { slug: team }, user: { email } });
    expect(out.me.scopes).toEqual(expect.arrayContaining(['documents.read', 'documents.write']));
    expect(login.stderr).toMatch(/Open: https?:\/\/\S+/);
    // The CLI names itself: the approval page and Connected apps show it as the device.
    await inProcessCaller();
    const { db } = await import('../server/db/client');
    const grant = await db.oAuthGrant.findFirstOrThrow({ where: { team: { slug: team } } });
    expect(grant.deviceAgent).toMatch(/^quire-cli\/0\.1\.0 \(/);

    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const first = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(first).toMatchObject({ api_url: baseUrl(), client_id: 'quire-cli' });
    expect(first.access_token).toBeTruthy();
    expect(first.refresh_token).toBeTruthy();
    expect(first.expires_at).toBeGreaterThan(Date.now() + 80 * 86400_000);

    const who = json(await quire(['whoami', '--json'], e));
    expect(who).toMatchObject({ kind: 'oauth', token_source: 'config', user: { email } });

    // Within 24 h of expiry: refreshed before the request; the rotated refresh token is saved.
    fs.writeFileSync(file, JSON.stringify({ ...first, expires_at: Date.now() + 3600_000 }));
    expect(Array.isArray(json(await quire(['documents', 'list', '--json'], e)))).toBe(true);
    const second = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // A 401 (here: a token the server does not know) refreshes once and retries.
    fs.writeFileSync(file, JSON.stringify({ ...second, access_token: 'not-a-token' }));
    expect(Array.isArray(json(await quire(['documents', 'list', '--json'], e)))).toBe(true);
    const third = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(third.refresh_token).not.toBe(second.refresh_token);

    // Two processes due for a refresh at once: one refresh under the lock, both succeed, and the
    // grant survives (spending a rotated refresh token twice would revoke it).
    fs.writeFileSync(file, JSON.stringify({ ...third, expires_at: Date.now() + 60_000 }));
    const both = await Promise.all([quire(['documents', 'list', '--json'], e), quire(['folders', 'list', '--json'], e)]);
    for (const r of both) expect(r.code, r.stderr).toBe(0);
    expect(json(await quire(['whoami', '--json'], e)).kind).toBe('oauth');

    // logout revokes: the old access token no longer works anywhere.
    const access = JSON.parse(fs.readFileSync(file, 'utf8')).access_token;
    const out2 = await quire(['logout'], e);
    expect(out2.code).toBe(0);
    const after = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(after.access_token).toBeUndefined();
    expect(after.refresh_token).toBeUndefined();
    expect((await quire(['documents', 'list'], { ...e, QUIRE_TOKEN: access })).code).toBe(3);
    expect((await quire(['documents', 'list'], e)).code).toBe(3);
  }, 60_000);
});
