// POST {APP_URL}/mcp: the MCP endpoint (Streamable HTTP, stateless, JSON answers). The bearer
// token is checked first (401 with the RFC 9728 challenge), then the body (admit.ts: batch size,
// arguments, one rate-limit count per message other than a tool call); each tool call then runs as
// a /v1 request with the same token (call.ts), which is where its scope and rate limit apply.
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { authenticateBearer, bearerFrom, type TokenActor } from '../auth/tokens';
import { teamIpRefusal } from '../auth/team-guards';
import { clientAddress } from '../http/client-address';
import { databaseUnavailable } from '../db/unavailable';
import { appRequestAddress } from '../http/app-address';
import { errorResponse } from '../http/envelope';
import { DATABASE_UNAVAILABLE } from '../http/errors';
import { limitByAddress } from '../rest/limit';
import { CORS_HEADERS, unauthorized } from './resource';
import { admitMcpPost, rpcError } from './admit';
import { mcpServer } from './server';

const PREFLIGHT: Record<string, string> = {
  ...CORS_HEADERS,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID',
  'Access-Control-Max-Age': '600',
};

export async function mcpRoute(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: PREFLIGHT });
  appRequestAddress(req);
  let actor: TokenActor | null;
  try {
    const token = bearerFrom(req.headers.get('authorization'));
    actor = token ? await authenticateBearer(token) : null;
    if (!actor) {
      // Unauthenticated requests are limited per address, like /v1's.
      const { headers, refused } = await limitByAddress(req);
      return refused ?? unauthorized(req.headers.has('authorization'), headers);
    }
  } catch (e) {
    if (!databaseUnavailable(e)) throw e;
    const m = DATABASE_UNAVAILABLE;
    return errorResponse(m.code, m.message, m.details, CORS_HEADERS, m.status);
  }
  const ipRefusal = teamIpRefusal(clientAddress(req), actor.ipAllowList ?? []);
  if (ipRefusal) return errorResponse('forbidden', ipRefusal.message, ipRefusal.details, CORS_HEADERS);
  // No server-sent event stream to open and no session to end: stateless servers answer 405.
  if (req.method !== 'POST') {
    return Response.json(
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this endpoint takes POST only.' }, id: null },
      { status: 405, headers: { ...CORS_HEADERS, Allow: 'POST, OPTIONS' } },
    );
  }
  const admitted = await admitMcpPost(req, actor);
  if (admitted instanceof Response) {
    for (const [k, v] of Object.entries(CORS_HEADERS)) admitted.headers.set(k, v);
    return admitted;
  }
  if (!('req' in admitted)) return rpcError(admitted, CORS_HEADERS);
  const server = mcpServer(admitted.req);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const res = await transport.handleRequest(admitted.req);
    for (const [k, v] of Object.entries({ ...CORS_HEADERS, ...admitted.headers })) res.headers.set(k, v);
    return res;
  } finally {
    await server.close();
  }
}
