// The OpenAPI document of /v1 without a server: valid OpenAPI 3.1, equal to the committed copy,
// one scope per operation, strict inputs, no coercible scalars in JSON bodies, and every route of
// the router in the document and back.
import fs from 'node:fs';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/shared/scopes';
import { STATUS } from '@/server/errors';
import { appRouter } from '@/server/routers';
import {
  BODY_METHODS,
  buildOpenApiDocument,
  createOpenApiDocument,
  servedOpenApiJson,
  isStrictZodObject,
  openApiJson,
  openApiProcedures,
} from '@/server/openapi/document';
import { ERROR_CODES } from '@/server/openapi/errors';
import { REQUEST_EXAMPLES } from '@/server/openapi/resources';

type Obj = Record<string, any>;

const ROOT = path.resolve(__dirname, '..');
const COMMITTED = path.join(ROOT, 'docs', 'openapi.json');
const doc = buildOpenApiDocument() as unknown as Obj;
const procs = openApiProcedures();
/** Hand-written operations outside the router's generated ones (raw bytes: server/rest/*-route.ts). */
const RAW = new Set(['PUT /uploads/{uploadId}', 'PUT /brands/{id}/images/{slot}', 'PUT /datarooms/{id}/branding/images/{slot}', 'GET /documents/{id}/versions/{versionId}/download', 'GET /datarooms/{id}/index']);
/** Authorised by its signature, not a token. */
const UNAUTHENTICATED = new Set(['PUT /uploads/{uploadId}']);
/** The procedure each raw image PUT hands its bytes to (the scope must be the same). */
const RAW_PROCEDURES: Record<string, string> = {
  'PUT /brands/{id}/images/{slot}': 'brands.putImage',
  'PUT /datarooms/{id}/branding/images/{slot}': 'datarooms.branding.putImage',
  // The download reads the version as GET does (server/rest/version-download.ts), with its scope.
  'GET /documents/{id}/versions/{versionId}/download': 'documents.versions.get',
  'GET /datarooms/{id}/index': 'datarooms.indexFile',
};

function operations(): { key: string; method: string; path: string; op: Obj }[] {
  const out = [];
  for (const [p, item] of Object.entries(doc.paths as Obj)) {
    for (const [m, op] of Object.entries(item as Obj)) out.push({ key: `${m.toUpperCase()} ${p}`, method: m.toUpperCase(), path: p, op });
  }
  return out;
}

const deref = (node: Obj): Obj => {
  let cur = node;
  while (cur && typeof cur.$ref === 'string') {
    cur = (cur.$ref as string)
      .slice(2)
      .split('/')
      .reduce((o: Obj, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return cur;
};

type ZodLike = { _zod?: { def?: Obj } };
const defOf = (s: unknown): Obj | undefined => (s as ZodLike)?._zod?.def;

/**
 * Paths of plain number/boolean/bigint/date schemas (or any coercing schema) reachable in a
 * zod schema. jsonInt()/jsonBool() are pipes from a number/boolean into the same type: allowed,
 * since trpc-to-openapi does not coerce through a pipe.
 */
function coercible(schema: unknown, at: string, out: string[], seen = new Set<unknown>()) {
  const def = defOf(schema);
  if (!def || seen.has(schema)) return;
  seen.add(schema);
  if (def.coerce === true) out.push(`${at} (z.coerce)`);
  switch (def.type) {
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'date':
      out.push(`${at} (plain z.${def.type === 'number' && def.format ? 'int' : def.type}())`);
      return;
    case 'pipe': {
      const tin = defOf(def.in)?.type;
      const tout = defOf(def.out)?.type;
      if ((tin === 'number' || tin === 'boolean') && tin === tout && defOf(def.in)?.coerce !== true) return;
      coercible(def.in, at, out, seen);
      coercible(def.out, at, out, seen);
      return;
    }
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Obj)) coercible(v, at ? `${at}.${k}` : k, out, seen);
      coercible(def.catchall, `${at}[*]`, out, seen);
      return;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
    case 'success':
      coercible(def.innerType, at, out, seen);
      return;
    case 'array':
      coercible(def.element, `${at}[]`, out, seen);
      return;
    case 'set':
      coercible(def.valueType, `${at}[]`, out, seen);
      return;
    case 'record':
    case 'map':
      coercible(def.keyType, `${at}{key}`, out, seen);
      coercible(def.valueType, `${at}{}`, out, seen);
      return;
    case 'tuple':
      (def.items as unknown[]).forEach((x, i) => coercible(x, `${at}[${i}]`, out, seen));
      coercible(def.rest, `${at}[...]`, out, seen);
      return;
    case 'union':
      for (const o of def.options as unknown[]) coercible(o, at, out, seen);
      return;
    case 'intersection':
      coercible(def.left, at, out, seen);
      coercible(def.right, at, out, seen);
      return;
    case 'lazy':
      coercible(def.getter(), at, out, seen);
      return;
  }
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(doc) as never);
  });

  it('equals the committed docs/openapi.json', () => {
    const msg = 'docs/openapi.json is out of date: run npm run openapi:write and commit';
    expect(fs.existsSync(COMMITTED), msg).toBe(true);
    const text = fs.readFileSync(COMMITTED, 'utf8');
    expect(JSON.parse(text), msg).toEqual(doc);
    expect(text === openApiJson(), `${msg} (same content, different formatting or key order)`).toBe(true);
  });

  it('is served with the issuer\'s absolute discovery URL, and only that differs', () => {
    const servedDoc = JSON.parse(servedOpenApiJson('https://app.quire.example'));
    expect(servedDoc.components.securitySchemes.oauth.openIdConnectUrl).toBe('https://app.quire.example/.well-known/openid-configuration');
    servedDoc.components.securitySchemes.oauth.openIdConnectUrl = '/.well-known/openid-configuration';
    expect(servedDoc).toEqual(doc);
  });

  it('is deterministic and free of environment-dependent URLs', () => {
    expect(JSON.stringify(createOpenApiDocument())).toBe(JSON.stringify(doc));
    expect(doc.servers).toEqual([{ url: '/v1', description: expect.any(String) }]);
    const text = openApiJson();
    for (const v of [process.env.APP_URL, process.env.API_BASE_URL, process.env.DOCS_URL, 'localhost', '127.0.0.1']) {
      if (v) expect(text).not.toContain(v);
    }
  });

  it('gives every router operation exactly one scope from SCOPES, as security (either token kind), x-required-scope and in the description', () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.oauth).toMatchObject({ type: 'openIdConnect', openIdConnectUrl: '/.well-known/openid-configuration' });
    for (const { key, op } of operations()) {
      if (UNAUTHENTICATED.has(key)) {
        expect(op.security, key).toEqual([]);
        continue;
      }
      expect(op.security, key).toHaveLength(2);
      expect(op.security.map((s: Obj) => Object.keys(s)), key).toEqual([['bearerAuth'], ['oauth']]);
      expect(op.security[1].oauth, key).toEqual(op.security[0].bearerAuth);
      if (key === 'GET /me') {
        expect(op.security[0].bearerAuth, key).toEqual([]);
        expect(op['x-required-scope'], key).toBeUndefined();
        expect(op.description, key).toContain('Any valid token');
        continue;
      }
      const scopes = op.security[0].bearerAuth;
      expect(scopes, key).toHaveLength(1);
      expect(SCOPES, key).toContain(scopes[0]);
      expect(op['x-required-scope'], key).toBe(scopes[0]);
      expect(op.description, key).toContain(`\`${scopes[0]}\``);
      const procedure = RAW_PROCEDURES[key];
      const meta = procedure
        ? ((appRouter._def.procedures as Obj)[procedure]._def.meta as { scope?: string })
        : procs.get(key)?.meta;
      expect(meta?.scope, key).toBe(scopes[0]);
    }
  });

  it('lists every route of the router, and nothing else but the raw upload PUT', () => {
    const documented = operations()
      .map((o) => o.key)
      .filter((k) => !RAW.has(k))
      .sort();
    expect(documented).toEqual([...procs.keys()].sort());
    for (const k of RAW) expect(operations().map((o) => o.key)).toContain(k);
  });

  it('answers 201 and 202 exactly where the procedure meta says so', () => {
    for (const { key, op } of operations()) {
      if (RAW.has(key)) continue;
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success, key).toEqual([String(procs.get(key)!.meta.status ?? 200)]);
    }
  });

  it('describes errors with the envelope of spec section 7', () => {
    const error = doc.components.schemas.Error;
    expect(error.properties.error.properties.code.enum).toEqual(Object.keys(STATUS));
    expect(ERROR_CODES).toEqual(Object.keys(STATUS));
    expect(error.properties.error.required).toEqual(['code', 'message', 'doc_url', 'details']);
    expect(Object.keys(doc.components.schemas).filter((n) => n.startsWith('error.'))).toEqual([]);
    for (const { key, method, op } of operations()) {
      const statuses = Object.keys(op.responses);
      const expected = UNAUTHENTICATED.has(key) ? ['403', '404', '409', '413', '422', '429', '500', '503'] : ['400', '401', '403', '404', '422', '429', '500', '503'];
      if (!UNAUTHENTICATED.has(key) && BODY_METHODS.has(method)) expected.push('413');
      if (!UNAUTHENTICATED.has(key) && method !== 'GET') expected.push('409');
      expect(statuses.filter((s) => Number(s) >= 400).sort(), key).toEqual([...new Set(expected)].sort());
      for (const s of statuses.filter((x) => Number(x) >= 400)) {
        const r = deref(op.responses[s]);
        const media = r.content['application/json'];
        const schema = deref(media.schema);
        expect(schema.properties.error.properties.code, `${key} ${s}`).toBeDefined();
        for (const [code, ex] of Object.entries(media.examples as Obj)) {
          expect(STATUS[code as keyof typeof STATUS], `${key} ${s} ${code}`).toBe(Number(s));
          expect((ex as Obj).value.error.code).toBe(code);
        }
      }
    }
  });

  it('puts the X-RateLimit headers on every response, and Retry-After on 429', () => {
    for (const { key, op } of operations()) {
      for (const [s, r0] of Object.entries(op.responses as Obj)) {
        const headers = Object.keys(deref(r0).headers ?? {});
        expect(headers, `${key} ${s}`).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
        if (s === '429') expect(headers, key).toContain('Retry-After');
        // They are always sent, so they are required (a client may rely on them); only a replay carries Idempotent-Replayed.
        for (const h of headers) expect(deref(deref(r0).headers[h]).required, `${key} ${s} ${h}`).toBe(h !== 'Idempotent-Replayed');
      }
    }
  });

  it('declares the optional Idempotency-Key header on every POST, and Idempotent-Replayed on its success', () => {
    const posts = operations().filter((o) => o.method === 'POST');
    expect(posts.length).toBeGreaterThan(10);
    for (const { key, op } of operations()) {
      const params = (op.parameters ?? []).map(deref).filter((p: Obj) => p.in === 'header' && p.name === 'Idempotency-Key');
      const success = Object.entries(op.responses as Obj).find(([s]) => s.startsWith('2'))![1];
      const replayed = Object.keys(deref(success).headers ?? {}).includes('Idempotent-Replayed');
      if (key.startsWith('POST ')) {
        expect(params, key).toHaveLength(1);
        expect(params[0]).toMatchObject({ required: false, schema: { type: 'string', minLength: 1, maxLength: 255 } });
        expect(replayed, key).toBe(true);
      } else {
        expect(params, key).toHaveLength(0);
        expect(replayed, key).toBe(false);
      }
    }
  });

  it('declares every JSON request body strict (additionalProperties: false at every level)', () => {
    const loose: string[] = [];
    const walk = (s: Obj | undefined, at: string) => {
      if (!s || typeof s !== 'object') return;
      s = deref(s);
      const isObject = s.type === 'object' || (Array.isArray(s.type) && s.type.includes('object')) || s.properties;
      if (isObject && s.properties && s.additionalProperties !== false) loose.push(at);
      for (const [k, v] of Object.entries((s.properties ?? {}) as Obj)) walk(v, `${at}.${k}`);
      if (s.items) walk(s.items, `${at}[]`);
      for (const k of ['anyOf', 'oneOf', 'allOf']) for (const [i, v] of ((s[k] ?? []) as Obj[]).entries()) walk(v, `${at}(${k}${i})`);
    };
    let bodies = 0;
    for (const { key, method, op } of operations()) {
      if (RAW.has(key) || !BODY_METHODS.has(method)) continue;
      const media = op.requestBody?.content?.['application/json'];
      expect(media, `${key} has a JSON request body`).toBeDefined();
      // Optional only for a POST with no required field (DESIGN.md "Request bodies of action POSTs").
      if (op.requestBody.required !== true) {
        expect(op.requestBody.required, key).toBe(false);
        expect(method, key).toBe('POST');
        expect(deref(media.schema).required ?? [], key).toEqual([]);
      }
      expect(deref(media.schema).additionalProperties, key).toBe(false);
      walk(media.schema, key);
      bodies++;
    }
    expect(bodies).toBeGreaterThan(0);
    expect(loose).toEqual([]);
  });

  it('has request examples that the procedures accept', () => {
    const ids = new Set(operations().map((o) => o.op.operationId));
    for (const id of Object.keys(REQUEST_EXAMPLES)) expect(ids, `REQUEST_EXAMPLES.${id}`).toContain(id);
    for (const { key, method, path: p, op } of operations()) {
      if (RAW.has(key) || !BODY_METHODS.has(method)) continue;
      const example = op.requestBody.content['application/json'].example;
      expect(example, key).toBeTypeOf('object');
      const params = Object.fromEntries([...p.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1], 'tz4a98xxat96iws9zmbrgj3a']));
      for (const input of procs.get(key)!.inputs) {
        const r = (input as { safeParse(v: unknown): { success: boolean; error?: unknown } }).safeParse({ ...params, ...example });
        expect(r.success, `${key}: example ${JSON.stringify(example)} is refused: ${String(r.error)}`).toBe(true);
      }
    }
  });
});

describe('the router behind /v1', () => {
  it('has a strict zod object input on every REST procedure (unknown body and query keys give 422)', () => {
    expect(procs.size).toBeGreaterThan(0);
    for (const [key, proc] of procs) {
      expect(proc.inputs.length, `${key} (${proc.path}) has no input; use z.strictObject({})`).toBeGreaterThan(0);
      for (const input of proc.inputs) {
        expect(isStrictZodObject(input), `${key} (${proc.path}): input must be z.strictObject(...)`).toBe(true);
      }
    }
  });

  it('uses jsonInt/jsonBool for every number and boolean of a JSON-body input', () => {
    const found: string[] = [];
    for (const [key, proc] of procs) {
      if (!BODY_METHODS.has(proc.meta.openapi!.method)) continue;
      for (const input of proc.inputs) {
        const out: string[] = [];
        coercible(input, '', out);
        found.push(...out.map((f) => `${key} (${proc.path}): ${f}`));
      }
    }
    expect(found, 'use jsonInt()/jsonBool() from server/schemas/common.ts in body inputs').toEqual([]);
  });

  it('(self-check) the strictness and coercion checks catch what they should', async () => {
    const { z } = await import('zod');
    const { jsonBool, jsonInt } = await import('@/server/schemas/common');
    const bad = z.strictObject({
      a: z.number(),
      b: z.strictObject({ c: z.array(z.boolean().optional()) }),
      d: z.union([z.string(), z.int()]),
      e: z.coerce.string(),
    });
    const good = z.strictObject({ a: jsonInt(1, 5), b: z.strictObject({ c: z.array(jsonBool().optional()) }), t: z.literal(true) });
    const out: string[] = [];
    coercible(bad, '', out);
    expect(out).toEqual(['a (plain z.number())', 'b.c[] (plain z.boolean())', 'd (plain z.int())', 'e (z.coerce)']);
    const none: string[] = [];
    coercible(good, '', none);
    expect(none).toEqual([]);
    expect(isStrictZodObject(bad)).toBe(true);
    expect(isStrictZodObject(z.object({ a: z.string() }))).toBe(false);
    expect(isStrictZodObject(z.looseObject({ a: z.string() }))).toBe(false);
    expect(isStrictZodObject(z.strictObject({}).superRefine(() => {}))).toBe(true);
  });
});
