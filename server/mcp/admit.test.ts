import { describe, expect, it } from 'vitest';
import type { TokenActor } from '../auth/tokens';
import { admitMcpPost, MCP_MAX_BATCH } from './admit';

const actor = { tokenId: `admit-test-${process.pid}-${Date.now()}` } as TokenActor;
const post = (body: unknown) => new Request('http://x/mcp', { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });

describe('admitMcpPost', () => {
  it('counts every message but tools/call against the rate limit, and passes the body on', async () => {
    const one = await admitMcpPost(post(list(1)), actor);
    const batch = await admitMcpPost(post([list(2), list(3), list(4), { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'x', arguments: {} } }]), actor);
    if (!('req' in one) || !('req' in batch)) throw new Error('refused');
    expect(Number(one.headers['X-RateLimit-Remaining']) - Number(batch.headers['X-RateLimit-Remaining'])).toBe(3);
    expect(await batch.req.json()).toHaveLength(4);
  });

  it('refuses a batch past the cap, non-object arguments and deep nesting with plain JSON-RPC errors', async () => {
    expect(await admitMcpPost(post(Array.from({ length: MCP_MAX_BATCH + 1 }, (_, i) => list(i))), actor)).toMatchObject({ status: 400, code: -32600 });
    for (const args of ['text', 1, [], null]) {
      expect(await admitMcpPost(post({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'x', arguments: args } }), actor)).toMatchObject({ status: 400, code: -32602, id: 9 });
    }
    const deep = await admitMcpPost(post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}}}`), actor);
    expect(deep).toMatchObject({ status: 400, code: -32602, message: 'The request is nested more than 32 levels deep.' });
    expect(await admitMcpPost(post('{nope'), actor)).toMatchObject({ status: 400, code: -32700 });
  });
});
