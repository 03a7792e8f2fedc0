// /v1/openapi.json and the reference pages, over HTTP against the running app.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATUS } from '@/server/errors';
import { baseUrl } from './support/api';

const committedText = fs.readFileSync(path.resolve(__dirname, '..', 'docs', 'openapi.json'), 'utf8');
const committed = JSON.parse(committedText) as { paths: Record<string, Record<string, { operationId: string }>> };

describe('GET /v1/openapi.json', () => {
  it('serves the committed document (the issuer\'s discovery URL made absolute) without authentication, cacheable, with rate-limit headers', async () => {
    const r = await fetch(`${baseUrl()}/v1/openapi.json`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(r.headers.get(h), h).toMatch(/^\d+$/);
    const text = await r.text();
    // The only difference: where OAuth discovery is, on this server's app origin.
    const discovery = `"openIdConnectUrl": "${baseUrl()}/.well-known/openid-configuration"`;
    expect(text).toContain(discovery);
    const asCommitted = text.replace(discovery, '"openIdConnectUrl": "/.well-known/openid-configuration"');
    expect(JSON.parse(asCommitted), 'docs/openapi.json differs from the served document: run npm run openapi:write').toEqual(committed);
    expect(asCommitted).toBe(committedText);
  });

  it('ignores credentials and answers other methods with the error envelope', async () => {
    const withBadToken = await fetch(`${baseUrl()}/v1/openapi.json`, { headers: { Authorization: 'Bearer nope' } });
    expect(withBadToken.status).toBe(200);
    await withBadToken.body?.cancel();
    const post = await fetch(`${baseUrl()}/v1/openapi.json`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
    expect((await post.json()).error.code).toBe('not_found');
    expect(post.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
  });
});

describe('the API reference pages', () => {
  it('/docs/api shows every operation with its path', async () => {
    const r = await fetch(`${baseUrl()}/docs/api`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await r.text();
    for (const [p, item] of Object.entries(committed.paths)) {
      expect(html, p).toContain(`/v1${p}`);
      for (const op of Object.values(item)) expect(html, op.operationId).toContain(`id="${op.operationId}"`);
    }
    for (const id of ['authentication', 'scopes', 'rate-limits', 'pagination', 'errors']) expect(html).toContain(`id="${id}"`);
    expect(html).toContain('apis.read');
    expect(html).toContain('apis.all');
    // Works offline: nothing is loaded from another origin.
    expect(html).not.toMatch(/<(?:script|link)[^>]+(?:src|href)="https?:\/\//);
  });

  it('/docs/api/errors has a section for every error code', async () => {
    const r = await fetch(`${baseUrl()}/docs/api/errors`);
    expect(r.status).toBe(200);
    const html = await r.text();
    for (const code of Object.keys(STATUS)) expect(html, code).toContain(`id="${code}"`);
  });
});
