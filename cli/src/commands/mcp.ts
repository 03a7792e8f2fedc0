// `quire mcp`: Quire's MCP tools over stdio for local agents, with the CLI's login. Nothing is
// defined twice: the command is a stdio MCP server whose tool list and tool calls are forwarded to
// the remote endpoint ({APP_URL}/mcp, Streamable HTTP) with the CLI's token (refreshed like any
// other command's, retried on 429/503). stdout carries the protocol only; notes go to stderr.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Command, Option } from 'commander';
import { sendWithRetries } from '../api/client';
import { discoveryUrl } from '../auth/oauth';
import type { Session } from '../auth/session';
import { CliError, EXIT } from '../errors';
import { VERSION } from '../version';
import { context, withGlobals } from './context';

/** The MCP endpoint sits on the issuer's origin (the app host), which the API documents. */
export async function mcpUrl(apiUrl: string, override?: string): Promise<URL> {
  if (override) return new URL(override);
  return new URL('/mcp', await discoveryUrl(apiUrl));
}

/** fetch with the session's bearer token: refreshed once after a 401, 429/503 retried. */
const authorisedFetch =
  (session: Session): FetchLike =>
  (url, init) =>
    sendWithRetries(
      async () => {
        const req = new Request(url, init);
        req.headers.set('Authorization', `Bearer ${await session.accessToken()}`);
        return req;
      },
      () => session.refreshAfter401(),
    );

/** Connects to the remote endpoint; a refused token is the CLI's usual "not logged in" (exit 3). */
async function connectRemote(session: Session, url: URL): Promise<Client> {
  await session.accessToken(); // not logged in: exit 3 before anything else
  const remote = new Client({ name: 'quire-cli', version: VERSION });
  try {
    await remote.connect(new StreamableHTTPClientTransport(url, { fetch: authorisedFetch(session) }));
  } catch (e) {
    const status = (e as { code?: number }).code;
    if (status === 401) throw new CliError(`The token was refused by ${url.href}: run \`quire login\` again.`, EXIT.auth);
    throw new CliError(`Cannot connect to ${url.href}: ${(e as Error).message}`, status === undefined ? EXIT.network : EXIT.error);
  }
  return remote;
}

/** The stdio server: every request handled by the remote one, answered as it answers. */
export function relay(remote: Client): Server {
  const info = remote.getServerVersion();
  const server = new Server(
    { name: info?.name ?? 'quire', title: info?.title ?? 'Quire', version: VERSION },
    { capabilities: { tools: {} }, instructions: remote.getInstructions() },
  );
  server.setRequestHandler(ListToolsRequestSchema, (req) => remote.listTools(req.params));
  server.setRequestHandler(CallToolRequestSchema, (req) => remote.callTool(req.params));
  return server;
}

export function mcpCommand(program: Command) {
  withGlobals(
    program
      .command('mcp')
      .description('Serve Quire\'s MCP tools over stdio for a local agent (Claude Desktop, Cursor, …), with this login')
      .addOption(new Option('--mcp-url <url>', 'the remote MCP endpoint (default: {app origin}/mcp, found from the API)')),
  ).action(async (_o, cmd: Command) => {
    const ctx = context(cmd);
    const url = await mcpUrl(ctx.session.apiUrl, (cmd.opts() as { mcpUrl?: string }).mcpUrl);
    const remote = await connectRemote(ctx.session, url);
    const server = relay(remote);
    const closed = new Promise<void>((resolve) => (server.onclose = resolve));
    await server.connect(new StdioServerTransport());
    process.stderr.write(`quire mcp: serving ${url.href} over stdio\n`);
    await closed;
    await remote.close();
  });
}
