// Reading the OpenAPI document for the reference pages: $ref resolution, schema flattening into
// field rows, type labels and constraints, and curl examples. Pure functions, no React.
import type { OpenAPIObject } from 'trpc-to-openapi';

export type Obj = Record<string, any>;

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export type Operation = {
  method: Method;
  path: string;
  op: Obj;
};

/** Codes of the error envelope by HTTP status (the docs of the errors page). */
export const CODES_BY_STATUS: Record<string, string[]> = {
  '400': ['bad_request'],
  '401': ['unauthorized'],
  '403': ['forbidden', 'plan_restriction'],
  '404': ['not_found'],
  '409': ['conflict'],
  '413': ['payload_too_large'],
  '422': ['unprocessable_entity'],
  '429': ['rate_limit_exceeded'],
  '500': ['internal_server_error'],
  '503': ['service_unavailable'],
};

export function resolve<T extends Obj | undefined>(doc: OpenAPIObject, node: T): T {
  let cur: Obj | undefined = node;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 16; i++) {
    const ref: string = cur.$ref;
    if (!ref.startsWith('#/')) return cur as T;
    let next: unknown = doc;
    for (const part of ref.slice(2).split('/')) {
      next = (next as Obj | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    cur = next as Obj | undefined;
  }
  return cur as T;
}

export function operationsByTag(doc: OpenAPIObject): { tag: string; description?: string; ops: Operation[] }[] {
  const tags = (doc.tags ?? []).map((t) => ({ tag: t.name, description: t.description, ops: [] as Operation[] }));
  const byName = new Map(tags.map((t) => [t.tag, t]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Obj)[method] as Obj | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!byName.has(tag)) {
        const t = { tag, description: undefined, ops: [] as Operation[] };
        byName.set(tag, t);
        tags.push(t);
      }
      byName.get(tag)!.ops.push({ method, path, op });
    }
  }
  return tags.filter((t) => t.ops.length > 0);
}

export const anchorOf = (o: Operation) => o.op.operationId ?? `${o.method}-${o.path.replace(/[^a-z0-9]+/gi, '-')}`;

const SAFE_INT = 9007199254740991;

/** Splits "X or null" into X and a nullable flag. */
function unwrapNullable(doc: OpenAPIObject, schema: Obj): { schema: Obj; nullable: boolean } {
  const s = resolve(doc, schema) ?? {};
  const options: Obj[] | undefined = s.anyOf ?? s.oneOf;
  if (options) {
    const nonNull = options.filter((o) => resolve(doc, o)?.type !== 'null');
    if (nonNull.length === 1 && nonNull.length < options.length) {
      const inner = unwrapNullable(doc, nonNull[0]);
      return { schema: { ...inner.schema, description: inner.schema.description ?? s.description }, nullable: true };
    }
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const rest = s.type.filter((t: string) => t !== 'null');
    return { schema: { ...s, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  return { schema: s, nullable: false };
}

export function typeLabel(doc: OpenAPIObject, schema: Obj | undefined): string {
  if (!schema) return 'any';
  const { schema: s, nullable } = unwrapNullable(doc, schema);
  let label: string;
  const options: Obj[] | undefined = s.anyOf ?? s.oneOf;
  if (options) label = [...new Set(options.map((o) => typeLabel(doc, o)))].join(' | ');
  else if (s.type === 'array') label = `array of ${typeLabel(doc, s.items)}`;
  else if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties)
    label = `map of ${typeLabel(doc, s.additionalProperties)}`;
  else if (Array.isArray(s.type)) label = s.type.join(' | ');
  else if (s.format === 'binary') label = 'binary';
  else label = s.type ?? ('const' in s ? typeof s.const : 'any');
  return nullable ? `${label} | null` : label;
}

/** Human-readable constraints of one schema: enum values, ranges, lengths, formats, defaults. */
export function constraints(doc: OpenAPIObject, schema: Obj | undefined): string[] {
  if (!schema) return [];
  const { schema: s } = unwrapNullable(doc, schema);
  const out: string[] = [];
  if ('const' in s) out.push(`always \`${JSON.stringify(s.const)}\``);
  if (Array.isArray(s.enum)) out.push(`one of ${s.enum.map((v: unknown) => `\`${String(v)}\``).join(', ')}`);
  const options: Obj[] | undefined = s.anyOf ?? s.oneOf;
  if (options) {
    for (const o of options) {
      const r = resolve(doc, o) ?? {};
      if ('const' in r) out.push(`\`${JSON.stringify(r.const)}\``);
      else {
        const c = constraints(doc, r);
        if (c.length) out.push(`${typeLabel(doc, r)}: ${c.join('; ')}`);
      }
    }
  }
  if (s.format && s.format !== 'binary') out.push(`format \`${s.format}\``);
  const min = s.minimum !== undefined && s.minimum > -SAFE_INT ? s.minimum : undefined;
  const max = s.maximum !== undefined && s.maximum < SAFE_INT ? s.maximum : undefined;
  if (min !== undefined && max !== undefined) out.push(`${min} to ${max}`);
  else if (min !== undefined) out.push(`at least ${min}`);
  else if (max !== undefined) out.push(`at most ${max}`);
  if (s.exclusiveMinimum !== undefined) out.push(`greater than ${s.exclusiveMinimum}`);
  if (s.exclusiveMaximum !== undefined) out.push(`less than ${s.exclusiveMaximum}`);
  const unit = (n: number) => (n === 1 ? 'character' : 'characters');
  if (s.minLength !== undefined && s.maxLength !== undefined) out.push(`${s.minLength} to ${s.maxLength} characters`);
  else if (s.minLength !== undefined) out.push(`at least ${s.minLength} ${unit(s.minLength)}`);
  else if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} ${unit(s.maxLength)}`);
  if (s.minItems !== undefined) out.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.pattern) out.push(`matches \`${s.pattern}\``);
  if (s.default !== undefined) out.push(`default \`${JSON.stringify(s.default)}\``);
  return out;
}

export type FieldRow = {
  name: string;
  depth: number;
  type: string;
  required: boolean;
  nullable: boolean;
  description?: string;
  constraints: string[];
};

/** Flattens an object schema into rows, nested objects and arrays of objects indented. */
export function fieldRows(doc: OpenAPIObject, schema: Obj | undefined, depth = 0, prefix = '', seen = new Set<Obj>()): FieldRow[] {
  const s = resolve(doc, schema);
  if (!s || seen.has(s) || depth > 6) return [];
  const props: Obj = s.properties ?? {};
  const required = new Set<string>(s.required ?? []);
  const rows: FieldRow[] = [];
  const next = new Set(seen).add(s);
  for (const [name, prop] of Object.entries(props)) {
    const { schema: inner, nullable } = unwrapNullable(doc, prop);
    rows.push({
      name: prefix + name,
      depth,
      type: typeLabel(doc, prop),
      required: required.has(name),
      nullable,
      description: inner.description ?? resolve(doc, prop)?.description,
      constraints: constraints(doc, prop),
    });
    const items = inner.type === 'array' ? resolve(doc, inner.items) : undefined;
    if (inner.properties) rows.push(...fieldRows(doc, inner, depth + 1, `${prefix}${name}.`, next));
    else if (items?.properties) rows.push(...fieldRows(doc, items, depth + 1, `${prefix}${name}[].`, next));
  }
  return rows;
}

/** The JSON body schema of an operation, resolved, or null. */
export function jsonBody(doc: OpenAPIObject, op: Obj): { schema: Obj; example?: unknown } | null {
  const body = resolve(doc, op.requestBody);
  const media = body?.content?.['application/json'];
  if (!media) return null;
  return { schema: resolve(doc, media.schema) ?? {}, example: media.example };
}

function sampleParam(name: string, schema: Obj | undefined): string {
  if (schema?.default !== undefined) return String(schema.default);
  if (Array.isArray(schema?.enum)) return String(schema.enum[0]);
  if (name === 'q' || name === 'query') return 'board';
  return `<${name}>`;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command for an operation, with $QUIRE_API and $QUIRE_TOKEN placeholders. */
export function curlFor(doc: OpenAPIObject, o: Operation): string {
  const base = (doc.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const params: Obj[] = (o.op.parameters ?? []).map((p: Obj) => resolve(doc, p));
  const bearer = Array.isArray(o.op.security) && o.op.security.length > 0;
  let path = o.path.replace(/\{([^}]+)\}/g, (_m, n: string) => `<${n}>`);
  const query = params.filter((p) => p.in === 'query' && p.required);
  if (query.length) path += '?' + query.map((p) => `${p.name}=${sampleParam(p.name, p.schema)}`).join('&');

  const lines: string[] = [];
  if (!bearer && o.method === 'put' && o.path.startsWith('/uploads/')) {
    // The presigned PUT: the URL comes whole from POST /documents/upload-url.
    lines.push(`curl -X PUT "$UPLOAD_URL"`, `-H "Content-Type: application/pdf"`, `--data-binary @q3-board-deck.pdf`);
    return lines.join(' \\\n  ');
  }
  lines.push(`curl${o.method === 'get' ? '' : ` -X ${o.method.toUpperCase()}`} "$QUIRE_API${base}${path}"`);
  if (bearer) lines.push(`-H "Authorization: Bearer $QUIRE_TOKEN"`);
  const body = jsonBody(doc, o.op);
  if (body) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${shellQuote(JSON.stringify(body.example ?? {}, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}

export const methodClass: Record<Method, string> = {
  get: 'bg-emerald-100 text-emerald-800 ring-emerald-600/20',
  post: 'bg-sky-100 text-sky-800 ring-sky-600/20',
  put: 'bg-amber-100 text-amber-800 ring-amber-600/20',
  patch: 'bg-violet-100 text-violet-800 ring-violet-600/20',
  delete: 'bg-rose-100 text-rose-800 ring-rose-600/20',
};
