// Plain JSON tools for building the OpenAPI document (document.ts): an example from a schema,
// references resolved, keys picked and sorted, unused component schemas dropped, a deep freeze.
export type Obj = Record<string, any>;

export function sample(schema: Obj | undefined, doc: Obj, name = ''): unknown {
  if (!schema) return null;
  if (schema.$ref) return sample(resolveRef(doc, schema.$ref), doc, name);
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const options: Obj[] | undefined = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], doc, name);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uri') return 'https://example.com/files/report.pdf';
      if (schema.format === 'email') return 'viewer@example.com';
      if (/(^|_)id$|Id$/.test(name)) return 'tz4a98xxat96iws9zmbrgj3a';
      return name || 'string';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, doc, name)];
    case 'object': {
      const props: Obj = schema.properties ?? {};
      const req: string[] = schema.required ?? [];
      return Object.fromEntries(req.filter((k) => props[k]).map((k) => [k, sample(props[k], doc, k)]));
    }
    default:
      return null;
  }
}

export function resolveRef(doc: Obj, $ref: string): Obj {
  if (!$ref.startsWith('#/')) throw new Error(`external $ref not supported: ${$ref}`);
  let cur: unknown = doc;
  for (const part of $ref.slice(2).split('/')) {
    cur = (cur as Obj | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!cur || typeof cur !== 'object') throw new Error(`unresolved $ref ${$ref}`);
  return cur as Obj;
}

export function pick(obj: Obj, keys: string[]): Obj {
  const out: Obj = {};
  for (const k of keys) if (obj[k] !== undefined) out[k] = obj[k];
  for (const k of Object.keys(obj).sort()) if (!(k in out) && obj[k] !== undefined) out[k] = obj[k];
  return out;
}

export function sortedKeys<T extends Obj>(obj: T, compare?: (a: string, b: string) => number): T {
  return Object.fromEntries(Object.keys(obj).sort(compare).map((k) => [k, obj[k]])) as T;
}

/** Drops undefined values (the library leaves `headers: undefined` and the like). */
export function clean<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function collectRefs(v: unknown, out: Set<string>) {
  if (Array.isArray(v)) for (const x of v) collectRefs(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === '$ref' && typeof x === 'string') out.add(x);
      else collectRefs(x, out);
    }
  }
}

/** Removes component schemas nothing reachable refers to (the library's own error schemas). */
export function dropUnusedSchemas(doc: Obj) {
  const schemas: Obj = doc.components.schemas;
  const prefix = '#/components/schemas/';
  const seen = new Set<string>();
  const queue = new Set<string>();
  collectRefs({ ...doc, components: { ...doc.components, schemas: {} } }, queue);
  while (queue.size) {
    const [r] = queue;
    queue.delete(r);
    if (seen.has(r)) continue;
    seen.add(r);
    if (r.startsWith(prefix)) collectRefs(schemas[r.slice(prefix.length)], queue);
  }
  for (const n of Object.keys(schemas)) if (!seen.has(prefix + n)) delete schemas[n];
}

export function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

