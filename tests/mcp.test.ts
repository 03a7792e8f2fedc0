// The MCP endpoint over real HTTP, driven by the SDK's own client (Streamable HTTP): one tool per
// /v1 operation, calls answered exactly as /v1 answers them (structured content, the same error
// codes, the same scope refusals, events with the token as actor, paging, Idempotency-Key), and
// the MCP authorization handshake (401 with the RFC 9728 challenge, the metadata, the issuer's).
import fs from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as oc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, baseUrl, client, createToken, uniqueTeam } from './support/api';
import { ok } from './support/docs';

const UA = 'mcp-test-agent/1.0';
const open: Client[] = [];

async function connect(token: string): Promise<Client> {
  const c = new Client({ name: 'quire-mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', baseUrl()), {
    requestInit: { headers: { Authorization: `Bearer ${token}`, 'User-Agent': UA } },
  });
  await c.connect(transport);
  open.push(c);
  return c;
}

const call = (c: Client, name: string, args: Record<string, unknown> = {}) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;

/** The structured content of a successful call. */
function content(r: CallToolResult): any {
  if (r.isError) throw new Error(`tool error: ${JSON.stringify(r.structuredContent)}`);
  expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual(r.structuredContent);
  return r.structuredContent;
}

/** The API error a failed call carries. */
function toolError(r: CallToolResult): { code: string; message: string; details: unknown } {
  expect(r.isError).toBe(true);
  const e = (r.structuredContent as any).error;
  expect((r.content[0] as { text: string }).text.startsWith(`${e.code}: ${e.message}`)).toBe(true);
  return e;
}

let token: string;
let tokenId: string;
let readOnly: string;
let mcp: Client;

beforeAll(async () => {
  const team = uniqueTeam('mcp');
  const [a, b] = await Promise.all([
    createToken({ team, scopes: 'documents.read,documents.write,audit.read' }),
    createToken({ team, scopes: 'documents.read' }),
  ]);
  ({ token, id: tokenId } = a);
  readOnly = b.token;
  mcp = await connect(token);
});

afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

describe('tools', () => {
  it('lists exactly one tool per /v1 operation of docs/openapi.json, except the raw-bytes uploads', async () => {
    const doc = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'docs', 'openapi.json'), 'utf8'));
    const expected: string[] = [];
    const rawBytes: string[] = [];
    for (const item of Object.values<any>(doc.paths)) {
      for (const op of Object.values<any>(item)) {
        const types = Object.keys(op.requestBody?.content ?? {});
        (types.length && !types.includes('application/json') ? rawBytes : expected).push(op.operationId);
      }
    }
    expect(rawBytes.sort()).toEqual(['brands-putImage', 'datarooms-branding-putImage', 'uploads-put']);
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(expected.sort());
    expect(tools.length).toBe(expected.length);

    const byName = new Map(tools.map((t) => [t.name, t]));
    const update = byName.get('folders-update')!;
    // Path and body parameters in one schema; the description names the scope and the REST call.
    expect(update.inputSchema).toMatchObject({ type: 'object', required: ['id'], additionalProperties: false });
    expect(Object.keys(update.inputSchema.properties!).sort()).toEqual(['color', 'icon', 'id', 'name']);
    expect(update.description).toContain('`documents.write`');
    expect(update.description).toContain('PATCH /v1/folders/{id}');
    expect(update.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(byName.get('folders-list')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(Object.keys(byName.get('folders-list')!.inputSchema.properties!)).toEqual(expect.arrayContaining(['limit', 'cursor']));
    expect(byName.get('documents-delete')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('folders-create')!.inputSchema.properties).toHaveProperty('idempotency_key');
    expect(byName.get('folders-update')!.inputSchema.properties).not.toHaveProperty('idempotency_key');
    // Every schema stands alone (no $ref into a document the client does not have).
    expect(JSON.stringify(tools)).not.toContain('$ref');
  });
});

describe('calls go through /v1', () => {
  const api = () => client(token);

  it('a read answers what /v1 answers', async () => {
    ok(await api().post('/v1/folders', { name: 'MCP read' }), 201);
    const viaMcp = content(await call(mcp, 'folders-list', { limit: 100 }));
    expect(viaMcp).toEqual(ok(await api().get('/v1/folders?limit=100')));
    expect(viaMcp.data.map((f: any) => f.name)).toContain('MCP read');
  });

  it('a write is seen by /v1, and its event names the token as actor with the agent\'s user agent', async () => {
    const folder = content(await call(mcp, 'folders-create', { name: 'Made by an agent' }));
    expect(folder).toMatchObject({ object: 'folder', name: 'Made by an agent' });
    expect(ok(await api().get(`/v1/folders/${folder.id}`))).toEqual(folder);
    const [event, ...more] = ok(await api().get(`/v1/events?resource_id=${folder.id}`)).data;
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      type: 'folder.created',
      actor: { type: 'api_token', id: tokenId },
      data: { object: folder },
      request: { user_agent: UA },
    });
    // Path and body arguments together, then a delete.
    const renamed = content(await call(mcp, 'folders-update', { id: folder.id, name: 'Renamed by an agent' }));
    expect(renamed).toMatchObject({ id: folder.id, name: 'Renamed by an agent' });
    expect(content(await call(mcp, 'folders-delete', { id: folder.id }))).toMatchObject({ id: folder.id, deleted: true });
    expect((await api().get(`/v1/folders/${folder.id}`)).status).toBe(404);
  });

  it('lists page with the API\'s cursors', async () => {
    for (const name of ['Page A', 'Page B', 'Page C']) content(await call(mcp, 'folders-create', { name }));
    const first = content(await call(mcp, 'folders-list', { limit: 2 }));
    expect(first.data).toHaveLength(2);
    expect(typeof first.next_cursor).toBe('string');
    const second = content(await call(mcp, 'folders-list', { limit: 2, cursor: first.next_cursor }));
    expect(second).toEqual(ok(await api().get(`/v1/folders?limit=2&cursor=${encodeURIComponent(first.next_cursor)}`)));
    const ids = [...first.data, ...second.data].map((f: any) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a POST retried with the same idempotency_key answers the first result and creates nothing', async () => {
    const key = `mcp-${Date.now()}-${Math.random()}`;
    const a = content(await call(mcp, 'folders-create', { name: 'Once only', idempotency_key: key }));
    const b = content(await call(mcp, 'folders-create', { name: 'Once only', idempotency_key: key }));
    expect(b).toEqual(a);
    const reused = toolError(await call(mcp, 'folders-create', { name: 'Something else', idempotency_key: key }));
    expect(reused.code).toBe((await api().post('/v1/folders', { name: 'Something else' }, { 'Idempotency-Key': key })).body.error.code);
  });

  it('a failing call is a tool error with the API\'s code and message', async () => {
    const missing = toolError(await call(mcp, 'folders-get', { id: 'no_such_folder' }));
    const rest = (await api().get('/v1/folders/no_such_folder')).body.error;
    expect(missing).toEqual(rest);
    expect(missing.code).toBe('not_found');

    const bad = toolError(await call(mcp, 'folders-create', { name: '' }));
    expect(bad.code).toBe('unprocessable_entity');
    expect(bad).toEqual((await api().post('/v1/folders', { name: '' })).body.error);

    const unknownKey = toolError(await call(mcp, 'folders-list', { colour: 'red' }));
    expect(unknownKey.code).toBe('unprocessable_entity');
    expect(toolError(await call(mcp, 'folders-get', {})).code).toBe('unprocessable_entity');
  });

  it('a token lacking the scope gets the same refusal as on /v1', async () => {
    const weak = await connect(readOnly);
    const refused = toolError(await call(weak, 'folders-create', { name: 'Not allowed' }));
    const rest = (await client(readOnly).post('/v1/folders', { name: 'Not allowed' })).body.error;
    expect(refused).toEqual(rest);
    expect(refused.code).toBe('forbidden');
    expect(refused.details).toMatchObject({ required_scope: 'documents.write' });
    // Its reads work.
    expect(content(await call(weak, 'folders-list', { limit: 1 })).data).toHaveLength(1);
  });

  it('an unknown tool is a protocol error', async () => {
    await expect(call(mcp, 'no-such-tool')).rejects.toThrow(/Unknown tool/);
  });
});

describe('authorization', () => {
  const initialize = (headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
      }),
    });

  it('no token: 401 with the resource_metadata challenge; the metadata names the resource and the issuer', async () => {
    const r = await initialize();
    expect(r.status).toBe(401);
    expect((await r.json()).error.code).toBe('unauthorized');
    const challenge = r.headers.get('www-authenticate')!;
    const m = /^Bearer resource_metadata="([^"]+)"$/.exec(challenge);
    expect(m, challenge).not.toBeNull();
    expect(m![1]).toBe(`${baseUrl()}/.well-known/oauth-protected-resource/mcp`);

    const meta = await fetch(m![1]);
    expect(meta.status).toBe(200);
    const doc = await meta.json();
    expect(doc).toMatchObject({
      resource: `${baseUrl()}/mcp`,
      authorization_servers: [baseUrl()],
      bearer_methods_supported: ['header'],
    });
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['documents.read', 'apis.all']));
    // The root well-known path answers the same document.
    expect(await (await fetch(`${baseUrl()}/.well-known/oauth-protected-resource`)).json()).toEqual(doc);

    // The issuer it names serves RFC 8414 metadata.
    const as = await fetch(`${doc.authorization_servers[0]}/.well-known/oauth-authorization-server`);
    expect(as.status).toBe(200);
    expect(await as.json()).toMatchObject({ issuer: baseUrl(), token_endpoint: `${baseUrl()}/oauth/token` });
  });

  it('an unknown token: 401 with error="invalid_token"', async () => {
    const r = await initialize({ Authorization: `Bearer quire_live_${'0'.repeat(39)}X` });
    expect(r.status).toBe(401);
    expect(r.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${baseUrl()}/.well-known/oauth-protected-resource/mcp", error="invalid_token"`,
    );
  });

  it('an OAuth access token of a device login works, and its events name the OAuth app and the user', async () => {
    const config = await oc.discovery(new URL(baseUrl()), 'quire-cli', undefined, oc.None(), { execute: [oc.allowInsecureRequests] });
    const slug = uniqueTeam('mcp-oauth');
    const email = `mcp.oauth.${Date.now().toString(36)}@example.com`;
    const handle = await oc.initiateDeviceAuthorization(config, { scope: 'documents.read documents.write audit.read' });
    await admin(['device', 'approve', handle.user_code, '--team', slug, '--email', email]);
    const { access_token } = await oc.pollDeviceAuthorizationGrant(config, handle);
    const agent = await connect(access_token);
    const folder = content(await call(agent, 'folders-create', { name: 'Made through OAuth' }));
    const [event] = content(await call(agent, 'events-list', { resource_id: folder.id })).data;
    expect(event).toMatchObject({ type: 'folder.created', actor: { type: 'oauth_app', name: 'Quire CLI', email } });
    // The grant's scopes apply: no webhooks.read.
    expect(toolError(await call(agent, 'webhooks-list')).code).toBe('forbidden');
  });

  it('the SDK client without a token cannot connect', async () => {
    const c = new Client({ name: 'anonymous', version: '1' });
    await expect(c.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseUrl())))).rejects.toThrow();
  });

  it('GET (no event stream in stateless mode) is 405 for a valid token', async () => {
    const r = await fetch(`${baseUrl()}/mcp`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
