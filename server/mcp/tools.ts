// One MCP tool per /v1 operation, read off the OpenAPI document (server/openapi/document.ts), which
// trpc-to-openapi generates from the procedures themselves: the operationId names the tool, its
// summary and description (with the required scope) describe it, and its path, query and JSON body
// parameters merge into one input schema. Nothing here validates: a call becomes the equivalent
// /v1 request (call.ts), and /v1 refuses what it refuses. Operations whose body is raw bytes (the
// presigned upload PUT, the image PUTs) get no tool: agents hand files over as `source_url`.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { buildOpenApiDocument, resolveRef } from '../openapi/document';
import { IDEMPOTENCY_KEY_MAX } from '../services/idempotency';

type Obj = Record<string, any>;

/** How a tool's arguments become a /v1 request. */
export type ToolPlan = {
  method: string;
  /** The contract's path under /v1, with `{name}` for each path parameter. */
  path: string;
  pathParams: string[];
  hasBody: boolean;
};

export type McpTool = { tool: Tool; plan: ToolPlan };

/** POST tools take the request's Idempotency-Key as this argument (it is a header on /v1). */
export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The schema with every `$ref` replaced by what it names (tool schemas must stand alone). */
function inline(schema: unknown, doc: Obj, seen: string[] = []): any {
  if (Array.isArray(schema)) return schema.map((s) => inline(s, doc, seen));
  if (!schema || typeof schema !== 'object') return schema;
  const s = schema as Obj;
  if (typeof s.$ref === 'string') {
    if (seen.includes(s.$ref)) throw new Error(`recursive schema ${s.$ref} cannot be inlined into a tool`);
    return inline(resolveRef(doc, s.$ref), doc, [...seen, s.$ref]);
  }
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, inline(v, doc, seen)]));
}

function toolFor(method: string, path: string, op: Obj, doc: Obj): McpTool | null {
  const content: Obj | undefined = op.requestBody?.content;
  if (content && !content['application/json']) return null;
  const upper = method.toUpperCase();
  const properties: Obj = {};
  const required: string[] = [];
  const pathParams: string[] = [];
  for (const raw of op.parameters ?? []) {
    const p: Obj = raw.$ref ? resolveRef(doc, raw.$ref) : raw;
    if (p.in !== 'path' && p.in !== 'query') continue;
    const schema = inline(p.schema ?? {}, doc);
    properties[p.name] = p.description ? { ...schema, description: p.description } : schema;
    if (p.in === 'path') pathParams.push(p.name);
    if (p.required) required.push(p.name);
  }
  let additionalProperties = false;
  if (content) {
    const body = inline(content['application/json'].schema, doc);
    if (body.type !== 'object') throw new Error(`${op.operationId}: a tool needs an object body`);
    for (const [name, schema] of Object.entries(body.properties ?? {})) {
      if (name in properties) throw new Error(`${op.operationId}: body field "${name}" collides with a parameter`);
      properties[name] = schema;
    }
    required.push(...(body.required ?? []));
    additionalProperties = body.additionalProperties === false ? false : true;
  }
  if (upper === 'POST') {
    if (IDEMPOTENCY_ARGUMENT in properties) throw new Error(`${op.operationId}: "${IDEMPOTENCY_ARGUMENT}" is taken`);
    properties[IDEMPOTENCY_ARGUMENT] = {
      type: 'string',
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX,
      description:
        'Sent as the Idempotency-Key header: a fresh unique value per call, the same on a retry of it. A retry with the same key and arguments answers what the first call answered and changes nothing.',
    };
  }
  const readOnly = upper === 'GET';
  return {
    tool: {
      name: op.operationId,
      title: op.summary,
      description: [op.summary, op.description, `REST: ${upper} /v1${path}`].filter(Boolean).join('\n\n'),
      inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties },
      annotations: {
        title: op.summary,
        readOnlyHint: readOnly,
        ...(readOnly ? {} : { destructiveHint: upper === 'DELETE', idempotentHint: upper === 'PUT' || upper === 'DELETE' }),
        // Every tool acts on the team's own data in Quire.
        openWorldHint: false,
      },
    },
    plan: { method: upper, path, pathParams, hasBody: Boolean(content) },
  };
}

let cached: Map<string, McpTool> | undefined;

/** Every tool by name, in the document's order; built once per process. */
export function mcpTools(): Map<string, McpTool> {
  if (!cached) {
    const doc = buildOpenApiDocument() as Obj;
    const tools = new Map<string, McpTool>();
    for (const [path, item] of Object.entries(doc.paths as Obj)) {
      for (const method of METHODS) {
        const op = (item as Obj)[method];
        const t = op && toolFor(method, path, op, doc);
        if (!t) continue;
        if (tools.has(t.tool.name)) throw new Error(`two operations are named ${t.tool.name}`);
        tools.set(t.tool.name, t);
      }
    }
    cached = tools;
  }
  return cached;
}
