// `quire mcp`: the SDK's client spawns the CLI over stdio (as Claude Desktop or Cursor would),
// pointed at the test server with a token; the CLI relays to the server's /mcp endpoint.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, client, createToken, uniqueTeam } from './support/api';
import { CLI, cliEnv, configDir, quire } from './support/cli';

let token: string;
let readOnly: string;
const open: Client[] = [];

beforeAll(async () => {
  const team = uniqueTeam('climcp');
  [{ token }, { token: readOnly }] = await Promise.all([
    createToken({ team, scopes: 'documents.read,documents.write' }),
    createToken({ team, scopes: 'documents.read' }),
  ]);
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
});

async function spawnCli(env: Record<string, string | undefined>): Promise<{ agent: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI, 'mcp'],
    env: cliEnv({ QUIRE_CONFIG_DIR: configDir(), QUIRE_API_URL: baseUrl(), ...env }) as Record<string, string>,
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d) => (err += d));
  const agent = new Client({ name: 'local-agent', version: '1.0.0' });
  await agent.connect(transport);
  open.push(agent);
  return { agent, stderr: () => err };
}

describe('quire mcp', () => {
  it('serves the same tools over stdio, and calls run on the server with the login', async () => {
    const { agent } = await spawnCli({ QUIRE_TOKEN: token });
    expect(agent.getServerVersion()?.name).toBe('quire');
    expect(agent.getInstructions()).toContain('Quire');
    const { tools } = await agent.listTools();
    // The same list as the remote endpoint's.
    const direct = await fetch(`${baseUrl()}/mcp`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(tools.map((t) => t.name)).toEqual((await direct.json()).result.tools.map((t: { name: string }) => t.name));
    expect(tools.find((t) => t.name === 'documents-list')?.annotations?.readOnlyHint).toBe(true);

    const folder = (await agent.callTool({ name: 'folders-create', arguments: { name: 'Made by a local agent' } })) as CallToolResult;
    expect(folder.isError).toBeFalsy();
    const id = (folder.structuredContent as { id: string }).id;
    const read = (await agent.callTool({ name: 'folders-get', arguments: { id } })) as CallToolResult;
    expect(read.structuredContent).toMatchObject({ id, name: 'Made by a local agent' });
    expect((await client(token).get(`/v1/folders/${id}`)).body).toMatchObject({ id });
  });

  it('answers the API errors as tool errors: scopes as on /v1', async () => {
    const { agent } = await spawnCli({ QUIRE_TOKEN: readOnly });
    const r = (await agent.callTool({ name: 'folders-create', arguments: { name: 'x' } })) as CallToolResult;
    expect(r.isError).toBe(true);
    expect((r.structuredContent as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('without a login, or with a refused token, exits 3 with the usual message', async () => {
    const none = await quire(['mcp'], { QUIRE_CONFIG_DIR: configDir(), QUIRE_API_URL: baseUrl() });
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('quire login');
    expect(none.stdout).toBe('');
    const refused = await quire(['mcp'], { QUIRE_CONFIG_DIR: configDir(), QUIRE_API_URL: baseUrl(), QUIRE_TOKEN: `quire_live_${'0'.repeat(40)}` });
    expect(refused.code).toBe(3);
    expect(refused.stdout).toBe('');
  });
});
