// A tool call is the equivalent /v1 request, answered in-process by the /v1 routing table
// (server/rest/routes.ts): the same bearer token, scope check, rate-limit bucket, Idempotency-Key,
// validation, events (the token or OAuth grant as actor, the caller's address and user agent) and
// error envelope. The answer's JSON becomes the tool result as it is.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { invalid } from '../errors';
import { appRequestAddress, SOCKET_ADDRESS_HEADER } from '../http/app-address';
import { errorBody, JsonAnswer, type Answer } from '../http/envelope';
import { IDEMPOTENCY_HEADER } from '../rest/idempotency';
import { routeV1Answer } from '../rest/routes';
import { IDEMPOTENCY_ARGUMENT, type McpTool } from './tools';

/** The headers of the MCP request that the /v1 request keeps: who calls, and from where. */
const FORWARDED = ['authorization', 'user-agent', 'host', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', SOCKET_ADDRESS_HEADER];

/** A query value as /v1 reads it from a URL. */
const queryText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** The /v1 request a call of `t` with `args` stands for, or the tool error for an argument it cannot place. */
export function v1Request(t: McpTool, args: Record<string, unknown>, from: Request): Request | CallToolResult {
  const { method, path, pathParams, hasBody } = t.plan;
  const rest: Record<string, unknown> = { ...args };
  let pathname = '/v1' + path;
  for (const name of pathParams) {
    const v = rest[name];
    delete rest[name];
    if (typeof v !== 'string' || v === '') {
      const e = invalid(name, 'Required: a non-empty string.');
      return errorResult(errorBody(e.code, e.message, e.details));
    }
    pathname = pathname.replace(`{${name}}`, encodeURIComponent(v));
  }
  const headers = new Headers();
  for (const h of FORWARDED) {
    const v = from.headers.get(h);
    if (v !== null) headers.set(h, v);
  }
  const key = rest[IDEMPOTENCY_ARGUMENT];
  if (method === 'POST' && key !== undefined) {
    delete rest[IDEMPOTENCY_ARGUMENT];
    // Passed on as sent: /v1 refuses a malformed key with its own 400.
    headers.set(IDEMPOTENCY_HEADER, queryText(key));
  }
  const url = new URL(pathname, from.url);
  let body: string | undefined;
  if (hasBody) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(rest);
  } else {
    for (const [k, v] of Object.entries(rest)) {
      if (v === undefined) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, queryText(item));
    }
  }
  const req = new Request(url, { method, headers, body });
  // Under `npm start` the client's socket address comes in a header the server overwrites.
  appRequestAddress(req);
  return req;
}

async function answerJson(a: Answer): Promise<{ status: number; json: unknown }> {
  const text = a instanceof JsonAnswer ? a.body : await a.text();
  return { status: a.status, json: text ? JSON.parse(text) : null };
}

type Envelope = { error: { code: string; message: string } };

/** A tool error carrying the API's envelope: its code and message first in the text, for models. */
function errorResult(body: Envelope): CallToolResult {
  const { code, message } = body.error;
  return { isError: true, structuredContent: body, content: [{ type: 'text', text: `${code}: ${message}\n${JSON.stringify(body)}` }] };
}

/** Runs the tool through /v1: the API's JSON as structured content, or its error as a tool error. */
export async function callTool(t: McpTool, args: Record<string, unknown>, from: Request): Promise<CallToolResult> {
  const req = v1Request(t, args, from);
  if (!(req instanceof Request)) return req;
  const { status, json } = await answerJson(await routeV1Answer(req));
  if (status >= 400) {
    const envelope = json as Envelope | null;
    return errorResult(envelope?.error ? envelope : errorBody('internal_server_error', 'Something went wrong on our side.'));
  }
  const structured = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : { value: json };
  return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(json) }] };
}
