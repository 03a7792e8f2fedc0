// Derives cli/src/api/operations.json from docs/openapi.json: for every operation, its summary,
// path/query parameters and JSON body fields with the kind of value each takes. The CLI builds
// its options from this (one source of truth with the generated types in schema.d.ts), so a
// field added to the API shows up as a flag after `npm run cli:types`.
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
const doc = JSON.parse(fs.readFileSync(path.join(here, '../../docs/openapi.json'), 'utf8'));

const deref = (s) => (s && s.$ref ? deref(s.$ref.split('/').slice(1).reduce((o, k) => o[k], doc)) : s);

/** A schema → { kind, nullable, enum? }; kind: string | integer | number | boolean | list | json. */
function kindOf(schema) {
  const s = deref(schema) ?? {};
  const alts = (s.anyOf ?? s.oneOf ?? [s]).map(deref);
  const nullable = alts.some((a) => a.type === 'null' || (Array.isArray(a.type) && a.type.includes('null')));
  const real = alts.filter((a) => a.type !== 'null');
  if (real.length !== 1) return { kind: 'json', nullable };
  const a = real[0];
  const type = Array.isArray(a.type) ? a.type.filter((t) => t !== 'null') : [a.type];
  if (type.length !== 1) return { kind: 'json', nullable };
  const t = type[0];
  const out = { kind: t, nullable };
  if (t === 'array') out.kind = deref(a.items)?.type === 'string' ? 'list' : 'json';
  if (t === 'object' || t === undefined) out.kind = 'json';
  if (a.enum) out.enum = a.enum;
  if (a.const !== undefined) out.enum = [a.const];
  return out;
}

const ops = {};
for (const [p, item] of Object.entries(doc.paths)) {
  for (const [method, op] of Object.entries(item)) {
    if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
    const params = (op.parameters ?? []).map(deref);
    const content = op.requestBody?.content ?? {};
    const json = content['application/json']?.schema && deref(content['application/json'].schema);
    ops[`${method.toUpperCase()} ${p}`] = {
      summary: op.summary ?? '',
      scope: op['x-required-scope'] ?? null,
      path: params.filter((x) => x.in === 'path').map((x) => x.name),
      query: params
        .filter((x) => x.in === 'query')
        .map((x) => ({ name: x.name, required: !!x.required, description: x.description ?? '', ...kindOf(x.schema) })),
      body: json
        ? Object.entries(json.properties ?? {}).map(([name, s]) => ({
            name,
            required: (json.required ?? []).includes(name),
            description: deref(s).description ?? '',
            ...kindOf(s),
          }))
        : null,
      raw: json ? null : Object.keys(content)[0] ? Object.keys(content) : null,
    };
  }
}
fs.writeFileSync(path.join(here, '../src/api/operations.json'), JSON.stringify(ops, null, 1) + '\n');
console.log(`operations.json: ${Object.keys(ops).length} operations`);
