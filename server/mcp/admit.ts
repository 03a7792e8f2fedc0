// What an MCP POST is checked for before the SDK sees it (issue 43 item 6): its size and depth,
// the size of a JSON-RPC batch, the shape of each tools/call's `arguments`, and the rate limit.
// A tools/call is metered by the /v1 request it becomes (call.ts); every other message (tools/list,
// initialize, ping...) counts here, one per message, so a batch of 100 tools/list costs 100.
// Malformed input gets a JSON-RPC error with a plain message, never the SDK's zod dump or a stack
// overflow of a deeply nested body.
import type { TokenActor } from '../auth/tokens';
import { ApiError } from '../errors';
import { jsonDepth, MAX_JSON_DEPTH, readBody } from '../http/body';
import { limit } from '../rest/limit';
import { API_BODY_MAX_BYTES } from '../services/limits';

/** The most messages one JSON-RPC batch may hold. */
export const MCP_MAX_BATCH = 10;

type Refusal = { status: number; code: number; message: string; id: unknown; headers?: Record<string, string> };

const INVALID_REQUEST = -32600;
const INVALID_PARAMS = -32602;
const PARSE_ERROR = -32700;

export const rpcError = (r: Refusal, extra: Record<string, string>) =>
  Response.json({ jsonrpc: '2.0', error: { code: r.code, message: r.message }, id: r.id ?? null }, { status: r.status, headers: { ...extra, ...r.headers } });

const idOf = (m: unknown) => (m && typeof m === 'object' && 'id' in m ? (m as { id: unknown }).id : null);

/**
 * The request to hand to the SDK (its body read once and passed on as it came) with the rate-limit
 * headers, a JSON-RPC refusal, or /v1's 429 when a message is over the token's budget.
 */
export async function admitMcpPost(req: Request, actor: TokenActor): Promise<{ req: Request; headers: Record<string, string> } | Refusal | Response> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readBody(req, API_BODY_MAX_BYTES));
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, code: INVALID_REQUEST, message: e.message, id: null };
    throw e;
  }
  if (jsonDepth(text) > MAX_JSON_DEPTH) return { status: 400, code: INVALID_PARAMS, message: `The request is nested more than ${MAX_JSON_DEPTH} levels deep.`, id: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status: 400, code: PARSE_ERROR, message: 'The request body is not valid JSON.', id: null };
  }
  const batch = Array.isArray(parsed);
  const messages: unknown[] = batch ? (parsed as unknown[]) : [parsed];
  if (batch && messages.length > MCP_MAX_BATCH) {
    return { status: 400, code: INVALID_REQUEST, message: `A batch holds at most ${MCP_MAX_BATCH} messages; this one has ${messages.length}.`, id: null };
  }
  for (const m of messages) {
    const o = m as { method?: unknown; params?: { arguments?: unknown } } | null;
    if (o?.method !== 'tools/call') continue;
    const args = o.params && typeof o.params === 'object' ? o.params.arguments : undefined;
    if (args !== undefined && (args === null || typeof args !== 'object' || Array.isArray(args))) {
      return { status: 400, code: INVALID_PARAMS, message: 'tools/call: "arguments" must be an object of the tool\'s arguments.', id: batch ? null : idOf(m) };
    }
  }
  let headers: Record<string, string> = {};
  for (const m of messages) {
    if ((m as { method?: unknown } | null)?.method === 'tools/call') continue;
    const r = await limit(`token:${actor.tokenId}`);
    headers = r.headers;
    if (r.refused) return r.refused;
  }
  return { req: new Request(req.url, { method: req.method, headers: req.headers, body: text }), headers };
}
