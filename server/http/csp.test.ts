import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, isPagePath, newNonce } from './csp';

const APP = path.join(__dirname, '..', '..', 'app');

/** Every file named `name` under app/, as a sample URL path (groups dropped, parameters filled). */
function samplePaths(name: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name), [...segments, e.name]);
      else if (e.name === name) {
        const parts = segments
          .filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith('_'))
          .map((s) => (/^\[\[\.\.\./.test(s) ? '' : /^\[\.\.\./.test(s) ? 'a/b' : /^\[/.test(s) ? 'Sample_123' : s))
          .filter(Boolean);
        out.push(`/${parts.join('/')}`);
      }
    }
  };
  walk(APP, []);
  return out;
}

describe('which paths are pages', () => {
  it('every route handler of app/ is left alone (it keeps its own headers)', () => {
    const routes = samplePaths('route.ts');
    expect(routes).toContain('/view/Sample_123/d/Sample_123/pages/Sample_123');
    expect(routes.length).toBeGreaterThan(15);
    for (const p of routes) expect(isPagePath(p), p).toBe(false);
  });

  it('every page of app/ gets the policy, and so does any unknown path (Next 404 page)', () => {
    const pages = samplePaths('page.tsx');
    expect(pages).toContain('/view/Sample_123/d/Sample_123');
    for (const p of [...pages, '/nope', '/api/nope', '/view/Sample_123/nope', '/images/x']) expect(isPagePath(p), p).toBe(true);
  });
});

describe('the policy', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('a fresh 128-bit nonce each time', () => {
    const a = newNonce();
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(newNonce()).not.toBe(a);
  });

  it('scripts and style elements only with the nonce; no eval outside development', () => {
    const p = contentSecurityPolicy('abc');
    expect(p).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic';");
    expect(p).toContain("style-src 'self' 'nonce-abc';");
    expect(p).not.toMatch(/unsafe-eval/);
    expect(p).toContain("connect-src 'self';");
    vi.stubEnv('NODE_ENV', 'development');
    expect(contentSecurityPolicy('abc')).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic' 'unsafe-eval';");
  });

  it("forms post to the app, and a link page's form may end on its link document's site", () => {
    expect(contentSecurityPolicy('n')).toContain("form-action 'self';");
    expect(contentSecurityPolicy('n', { formLeadsTo: 'https://www.notion.so/acme/Memo-1?x=1' })).toContain("form-action 'self' https://www.notion.so;");
    // Only an http(s) origin, never anything that could add a directive.
    for (const [odd, forms] of [
      ['javascript:alert(1)', "form-action 'self'"],
      ["https://a.example/;script-src 'unsafe-inline'", "form-action 'self' https://a.example"],
      ['not a url', "form-action 'self'"],
    ]) {
      const p = contentSecurityPolicy('n', { formLeadsTo: odd }).split('; ');
      expect(p, odd).toContain(forms);
      expect(p, odd).toContain("script-src 'self' 'nonce-n' 'strict-dynamic'");
      expect(p.filter((d) => d.startsWith('script-src')), odd).toHaveLength(1);
    }
  });

  it('uploads may go to Vercel Blob when it is configured', () => {
    vi.stubEnv('BLOB_READ_WRITE_TOKEN', 'vercel_blob_rw_x_y');
    expect(contentSecurityPolicy('n')).toContain("connect-src 'self' https://vercel.com;");
    vi.stubEnv('VERCEL_BLOB_API_URL', 'https://blob-api.example/api/blob');
    expect(contentSecurityPolicy('n')).toContain("connect-src 'self' https://blob-api.example;");
  });
});
