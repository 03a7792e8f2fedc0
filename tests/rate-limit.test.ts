// Rate limits over real HTTP (spec 8): headers on every response, 429 with Retry-After, one
// budget per token; and with Upstash (the machine's Redis behind the REST bridge) one budget
// shared by two app processes.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { startUpstashBridge, type UpstashBridge } from '../scripts/upstash-bridge';
import { admin, client, createToken, envelope, uniqueTeam } from './support/api';
import { onNextStart, startServer, type RunningServer } from './support/server';
import { ownDatabase } from './support/database';
import { awayFromMinuteBoundary } from './support/windows';

const LIMIT = 5;
const REGISTRATIONS = 3;
const SCIM_LIMIT = 4;

/** A request sent from a chosen loopback address (the whole of 127/8 is this machine). */
function getFrom(server: RunningServer, localAddress: string, p: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, path: p, method, localAddress, headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.end();
  });
}
const dir = () => fs.mkdtempSync(path.join(inject('tmpDir'), 'rl-'));
/** Each server's own database on the PostgreSQL pass, dropped once every server has stopped. */
const drops: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(drops.map((drop) => drop())));

function baseEnv(dataDir: string) {
  // The analytics bucket at its default (20 a minute).
  const env: Record<string, string> = {
    ...inject('serverEnv'),
    QUIRE_DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    RATE_LIMIT_ANALYTICS_PER_MINUTE: '',
    OAUTH_REGISTRATIONS_PER_HOUR: String(REGISTRATIONS),
    SCIM_REQUESTS_PER_MINUTE: String(SCIM_LIMIT),
  };
  return env;
}

describe('in-process limiter', () => {
  let server: RunningServer;
  let env: Record<string, string>;
  beforeAll(async () => {
    const d = dir();
    env = baseEnv(path.join(d, 'data'));
    env.UPSTASH_REDIS_REST_URL = '';
    env.UPSTASH_REDIS_REST_TOKEN = '';
    drops.push(await ownDatabase(env, 'rl'));
    server = await startServer(env, { logFile: path.join(d, 'server.log') });
  });
  afterAll(() => server?.stop());

  it('counts every analytics.read operation in the analytics bucket of 20 a minute, apart from the general one', async () => {
    const { token } = await createToken({ team: uniqueTeam('rl-analytics'), scopes: 'analytics.read,documents.read', env });
    const api = client(token, server.url);
    await awayFromMinuteBoundary();
    const paths = ['/v1/analytics/documents/x', '/v1/analytics/links/x', '/v1/analytics/datarooms/x', '/v1/analytics/views/x', '/v1/links/x/views'];
    const remaining: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await api.get(paths[i % paths.length]!);
      expect(r.status).toBe(404);
      expect(r.headers.get('x-ratelimit-limit')).toBe('20');
      remaining.push(Number(r.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual(Array.from({ length: 20 }, (_, i) => 19 - i));
    for (const p of paths) expect(envelope(await api.get(p), 429, 'rate_limit_exceeded').details.limit).toBe(20);
    const general = await api.get('/v1/documents');
    expect(general.status).toBe(200);
    expect(general.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  });

  // Bare `next start` has no socket address: every client shares one budget there.
  it.skipIf(onNextStart)('limits OAuth client registrations per address and hour: 429 with Retry-After', async () => {
    const register = (localAddress: string) =>
      new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
        const req = http.request(
          { host: '127.0.0.1', port: server.port, path: '/oauth/register', method: 'POST', localAddress, headers: { 'Content-Type': 'application/json' } },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () => resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined, body }));
          },
        );
        req.on('error', reject);
        req.end(
          JSON.stringify({
            client_name: 'Limit test',
            application_type: 'native',
            token_endpoint_auth_method: 'none',
            grant_types: ['urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
            redirect_uris: [],
          }),
        );
      });
    const address = `127.${1 + (process.pid % 200)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < REGISTRATIONS; i++) expect((await register(address)).status).toBe(201);
    const refused = await register(address);
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'too_many_requests' });
    // Another address keeps its own budget.
    expect((await register('127.0.0.1')).status).toBe(201);
  });

  it('counts down, then refuses with 429, Retry-After and the envelope', async () => {
    const { token } = await createToken({ team: uniqueTeam('rl'), scopes: 'documents.read', env });
    const api = client(token, server.url);
    const remaining: number[] = [];
    await awayFromMinuteBoundary();
    for (let i = 0; i < LIMIT; i++) {
      const r = await api.get('/v1/documents');
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
      const reset = Number(r.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThan(Date.now() / 1000 - 1);
      expect(reset).toBeLessThanOrEqual(Date.now() / 1000 + 61);
      remaining.push(Number(r.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const r = await api.get('/v1/documents');
    envelope(r, 429, 'rate_limit_exceeded');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(r.headers.get('x-ratelimit-remaining')).toBe('0');
    // Errors count against the budget and carry the headers too.
    const e = await api.get('/v1/nope');
    expect(e.status).toBe(429);
    expect(e.headers.get('x-ratelimit-limit')).toBe(String(LIMIT));
  });

  it("limits each team's SCIM requests a minute, refusing in SCIM's error schema with Retry-After", async () => {
    const scimToken = async (team: string) => {
      await createToken({ team, scopes: 'documents.read', plan: 'business', env });
      return (await admin(['scim', 'token', 'create', '--team', team], env)).stdout.trim().split('\n').pop()!;
    };
    const [a, b] = [client(await scimToken(uniqueTeam('rl-scim')), server.url), client(await scimToken(uniqueTeam('rl-scim')), server.url)];
    await awayFromMinuteBoundary();
    const remaining: number[] = [];
    for (let i = 0; i < SCIM_LIMIT; i++) {
      const r = await a.get('/scim/v2/Users');
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(SCIM_LIMIT));
      remaining.push(Number(r.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining).toEqual([3, 2, 1, 0]);
    const refused = await a.get('/scim/v2/Users');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toContain('application/scim+json');
    expect(refused.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '429' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Another team's directory keeps its own budget; the /v1 budget is apart from it.
    expect((await b.get('/scim/v2/Users')).status).toBe(200);
  });

  it('gives each token its own budget', async () => {
    const team = uniqueTeam('rl');
    const a = client((await createToken({ team, scopes: 'documents.read', env })).token, server.url);
    const b = client((await createToken({ team, scopes: 'documents.read', env })).token, server.url);
    await awayFromMinuteBoundary();
    for (let i = 0; i < LIMIT; i++) expect((await a.get('/v1/documents')).status).toBe(200);
    expect((await a.get('/v1/documents')).status).toBe(429);
    expect((await b.get('/v1/documents')).status).toBe(200);
  });

  // Bare `next start` has no socket address to give the app (npm start and Vercel do).
  it.skipIf(onNextStart)('limits anonymous requests by socket address: forwarded headers from clients are not trusted', async () => {
    await awayFromMinuteBoundary();
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const r = await getFrom(server, '127.0.0.2', '/v1/documents', { 'X-Forwarded-For': `203.0.113.${i}`, 'X-Real-IP': `198.51.100.${i}` });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Another address keeps its own budget: a client's upload PUT is not refused for them.
    expect((await getFrom(server, '127.0.0.3', '/v1/documents')).status).toBe(401);
    const put = await getFrom(server, '127.0.0.3', '/v1/uploads/nosuchupload?expires=1&sig=x', {}, 'PUT');
    expect(put.status).toBe(403);
  });

  it('puts headers on 4xx responses within the budget', async () => {
    const api = client((await createToken({ team: uniqueTeam('rl'), scopes: 'documents.read', env })).token, server.url);
    const r = await api.post('/v1/folders', { name: 'x' });
    envelope(r, 403, 'forbidden');
    expect(r.headers.get('x-ratelimit-remaining')).toBe(String(LIMIT - 1));
  });
});

describe.skipIf(onNextStart)('behind a trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const d = dir();
    const env = { ...baseEnv(path.join(d, 'data')), TRUST_PROXY_HOPS: '1' };
    drops.push(await ownDatabase(env, 'rl_proxy'));
    server = await startServer(env, { logFile: path.join(d, 'server.log') });
  });
  afterAll(() => server?.stop());

  it('takes the address the proxy appended to X-Forwarded-For', async () => {
    await awayFromMinuteBoundary();
    const from = (client: string) => getFrom(server, '127.0.0.4', '/v1/documents', { 'X-Forwarded-For': `10.9.9.9, ${client}` });
    for (let i = 0; i < LIMIT; i++) expect((await from('203.0.113.7')).status).toBe(401);
    expect((await from('203.0.113.7')).status).toBe(429);
    // A different client behind the same proxy, even one claiming the first client's address
    // further left in the header, has its own budget.
    expect((await from('203.0.113.8')).status).toBe(401);
    expect((await getFrom(server, '127.0.0.4', '/v1/documents', { 'X-Forwarded-For': '203.0.113.7, 203.0.113.9' })).status).toBe(401);
  });
});

describe('Upstash limiter on Redis, shared by two app processes', () => {
  const skip = process.env.QUIRE_TEST_REDIS === '0';
  let bridge: UpstashBridge;
  let a: RunningServer;
  let b: RunningServer;
  let env: Record<string, string>;

  beforeAll(async () => {
    if (skip) return;
    const redisUrl = process.env.QUIRE_TEST_REDIS_URL || 'redis://127.0.0.1:6379';
    try {
      bridge = await startUpstashBridge({ token: 'rl-test-token', redisUrl });
    } catch (e) {
      throw new Error(`These tests need Redis at ${redisUrl} (or QUIRE_TEST_REDIS=0 to skip them): ${(e as Error).message}`);
    }
    const d = dir();
    env = {
      ...baseEnv(path.join(d, 'data')),
      UPSTASH_REDIS_REST_URL: bridge.url,
      UPSTASH_REDIS_REST_TOKEN: 'rl-test-token',
    };
    // Both processes use one database (the second finds the embedded one the first started).
    drops.push(await ownDatabase(env, 'rl_redis'));
    a = await startServer(env, { logFile: path.join(d, 'a.log') });
    b = await startServer(env, { logFile: path.join(d, 'b.log') });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    await bridge?.close();
  });

  it.skipIf(skip)('one token has one budget across both processes', async () => {
    const { token } = await createToken({ team: uniqueTeam('rl-redis'), scopes: 'documents.read', env });
    const onA = client(token, a.url);
    const onB = client(token, b.url);
    const seen: number[] = [];
    await awayFromMinuteBoundary();
    for (let i = 0; i < LIMIT; i++) {
      const r = await (i % 2 ? onB : onA).get('/v1/documents');
      expect(r.status).toBe(200);
      seen.push(Number(r.headers.get('x-ratelimit-remaining')));
    }
    expect(seen).toEqual([4, 3, 2, 1, 0]);
    envelope(await onA.get('/v1/documents'), 429, 'rate_limit_exceeded');
    envelope(await onB.get('/v1/documents'), 429, 'rate_limit_exceeded');
  });
});
