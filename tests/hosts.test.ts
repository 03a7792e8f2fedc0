// Host rules (spec section 1, DESIGN.md): with separate API and app hosts, the API host serves
// only /v1 (root redirects to the API reference, the rest is 404); the app host serves the app.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ownDatabase } from './support/database';
import { startServer, type RunningServer } from './support/server';

function get(port: number, host: string, p: string): Promise<{ status: number; location?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: p, headers: { Host: host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, location: res.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('separate API and app hosts', () => {
  let server: RunningServer;
  let dropDatabase: () => Promise<void> = async () => {};
  let apiHost: string;
  beforeAll(async () => {
    const d = fs.mkdtempSync(path.join(inject('tmpDir'), 'hosts-'));
    // The port is only known after start, so the API host is matched without one.
    const env = { ...inject('serverEnv'), QUIRE_DATA_DIR: path.join(d, 'data'), API_BASE_URL: 'http://api.quire.test', APP_URL: 'http://app.quire.test' };
    dropDatabase = await ownDatabase(env, 'hosts');
    server = await startServer(env, { logFile: path.join(d, 'server.log') });
    apiHost = 'api.quire.test';
  });
  afterAll(async () => {
    await server?.stop();
    await dropDatabase();
  });

  it('the API host root redirects to the API reference', async () => {
    const r = await get(server.port, apiHost, '/');
    expect(r.status).toBe(302);
    expect(r.location).toBe('http://app.quire.test/docs/api');
  });

  it('the API host answers 404 with the envelope for every non-/v1 path', async () => {
    for (const p of ['/docs/api', '/api/auth/session', '/dashboard', '/v2/documents', '/v1x', '/favicon.ico']) {
      const r = await get(server.port, apiHost, p);
      expect(r.status, p).toBe(404);
      expect(JSON.parse(r.body).error.code, p).toBe('not_found');
    }
  });

  it('OAuth discovery and the issuer live on the app host, never on the API host', async () => {
    for (const p of ['/.well-known/openid-configuration', '/oauth/token', '/oauth/device/code', '/device']) {
      const r = await get(server.port, apiHost, p);
      expect(r.status, p).toBe(404);
    }
    const d = await get(server.port, 'app.quire.test', '/.well-known/openid-configuration');
    expect(d.status).toBe(200);
    expect(JSON.parse(d.body)).toMatchObject({ issuer: 'http://app.quire.test', token_endpoint: 'http://app.quire.test/oauth/token' });
  });

  it('the API host serves /v1', async () => {
    const r = await get(server.port, apiHost, '/v1/documents');
    expect(r.status).toBe(401);
    expect(JSON.parse(r.body).error.code).toBe('unauthorized');
  });

  it('the app host is not restricted', async () => {
    const r = await get(server.port, 'app.quire.test', '/docs/api/errors');
    expect(r.status).not.toBe(404);
  });
});
