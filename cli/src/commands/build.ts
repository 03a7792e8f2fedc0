// Turns the table of commands (table.ts) into commander commands. Each command's flags are the
// operation's query parameters and JSON body fields (api/operations.json, derived from
// docs/openapi.json): `folder_id` → --folder, `allow_download` → --allow-download / --no-allow-download,
// lists take comma-separated values, objects and arrays of objects take JSON; `null` clears a
// nullable field. `--data` takes a whole JSON body (flags win over its keys).
import fs from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import operations from '../api/operations.json' with { type: 'json' };
import { contentTypeFor } from '../api/content-type';
import { usage } from '../errors';
import { note, printResult } from '../output';
import { context, withGlobals, type Ctx } from './context';
import type { GroupDef, OpDef } from './table';

type Field = { name: string; required: boolean; description: string; kind: string; nullable: boolean; enum?: unknown[] };
type OpSpec = { summary: string; scope: string | null; path: string[]; query: Field[]; body: Field[] | null; raw: string[] | null };
const OPS = operations as Record<string, OpSpec>;

/** Keys that name another resource lose their `_id`: folder_id → --folder. */
const REFERENCES = new Set(['folder', 'parent', 'document', 'dataroom', 'group', 'brand', 'preset']);
export function flagName(key: string): string {
  const snake = key.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
  const ref = /^(.*)_id$/.exec(snake)?.[1];
  return (ref && REFERENCES.has(ref) ? ref : snake).replace(/_/g, '-');
}

/** `@file` reads a file, `-` stdin; anything else is the value itself. */
function readValue(v: string): string {
  if (v === '-') return fs.readFileSync(0, 'utf8');
  if (v.startsWith('@')) return fs.readFileSync(v.slice(1), 'utf8');
  return v;
}

export function parseJson(v: string, what: string): unknown {
  try {
    return JSON.parse(readValue(v));
  } catch (e) {
    throw new InvalidArgumentError(`${what}: not valid JSON (${(e as Error).message})`);
  }
}

/** commander turns a parser's null into '': parsers answer this, runOp sends null. */
const NULL = Symbol('null');

function parser(f: Field): (v: string) => unknown {
  return (v) => {
    if (f.nullable && v === 'null') return NULL;
    switch (f.kind) {
      case 'integer':
      case 'number': {
        const n = Number(v);
        if (v.trim() !== '' && Number.isFinite(n)) return n;
        const t = Date.parse(v); // since/until and other timestamps: a date is fine too
        if (!Number.isNaN(t)) return t;
        throw new InvalidArgumentError('not a number');
      }
      case 'list':
        return v.split(',').map((s) => s.trim()).filter(Boolean);
      case 'json':
        return parseJson(v, 'value');
      case 'boolean':
        if (v === 'true' || v === 'false') return v === 'true';
        throw new InvalidArgumentError('true or false');
      default:
        return v;
    }
  };
}

function addFieldOption(cmd: Command, f: Field, where: string): Option[] {
  const flag = flagName(f.name);
  const hint = [f.description, f.nullable ? '`null` clears it' : '', f.kind === 'list' ? 'comma-separated' : '', f.kind === 'json' ? 'JSON' : '']
    .filter(Boolean)
    .join('; ');
  const desc = `${where} ${f.name}${f.required ? ' (required)' : ''}${hint ? `: ${hint}` : ''}`;
  if (f.kind === 'boolean' && !f.nullable) {
    const on = new Option(`--${flag}`, desc);
    const off = new Option(`--no-${flag}`, `${where} ${f.name} = false`);
    [on, off].forEach((o) => cmd.addOption(o));
    return [on];
  }
  const o = new Option(`--${flag} <${f.kind === 'list' ? 'items' : 'value'}>`, desc);
  if (f.enum && f.kind === 'string') o.choices([...f.enum.map(String), ...(f.nullable ? ['null'] : [])]);
  if (!(f.enum && f.kind === 'string') || f.nullable) o.argParser(parser(f));
  cmd.addOption(o);
  return [o];
}

type Positional = { key: string; label: string; variadic: boolean };
function positionals(def: OpDef, spec: OpSpec): Positional[] {
  const args = def.args ?? spec.path;
  return args.map((a) => {
    const [raw, label] = a.split('=');
    const variadic = raw.endsWith('...');
    const key = raw.replace(/\.\.\.$/, '');
    return { key, label: flagName(label ?? key), variadic };
  });
}

async function runOp(def: OpDef, spec: OpSpec, pos: Positional[], fieldOptions: Map<string, Option>, values: unknown[], cmd: Command) {
  const ctx = context(cmd);
  const all = cmd.opts() as Record<string, unknown>;
  const pathParams: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = all.data !== undefined ? { ...(all.data as object) } : {};
  let file: string | undefined;
  pos.forEach((p, i) => {
    if (def.file && i === pos.length - 1) file = values[i] as string;
    else if (spec.path.includes(p.key)) pathParams[p.key] = values[i] as string;
    else if (spec.query.some((q) => q.name === p.key)) query[p.key] = values[i];
    else body[p.key] = values[i];
  });
  for (const [key, o] of fieldOptions) {
    const given = all[o.attributeName()];
    if (given === undefined) continue;
    const v = given === NULL ? null : given;
    if (key.startsWith('query:')) query[key.slice(6)] = v;
    else body[key.slice(5)] = v;
  }
  Object.assign(body, def.fixed);
  const path = def.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(pathParams[k]));
  const init = {
    query,
    body: spec.body ? body : undefined,
    raw: file !== undefined ? { data: readFile(file), contentType: contentTypeFor(file) } : undefined,
  };
  const paged = spec.query.some((q) => q.name === 'cursor');
  if (paged && all.all) {
    const items: unknown[] = [];
    query.limit ??= 100;
    do {
      const page = (await ctx.api.call(def.method, path, init)) as { data: unknown[]; next_cursor: string | null };
      items.push(...page.data);
      query.cursor = page.next_cursor ?? undefined;
    } while (query.cursor);
    return printResult(items, { json: ctx.opts.json, columns: def.columns });
  }
  const res = await ctx.api.call(def.method, path, init);
  show(ctx, res, def.columns, paged);
}

function readFile(file: string): Uint8Array {
  try {
    return fs.readFileSync(file);
  } catch (e) {
    throw usage(`Cannot read ${file}: ${(e as Error).message}`);
  }
}

/** Lists print their `data` (and say on stderr how to get the next page); objects as they are. */
export function show(ctx: Ctx, res: unknown, columns: string[] | undefined, paged = false) {
  const list = res as { data?: unknown; next_cursor?: string | null };
  if (list && typeof list === 'object' && Array.isArray(list.data)) {
    printResult(list.data, { json: ctx.opts.json, columns });
    if (!ctx.opts.json && paged && list.next_cursor) note(`more: --cursor ${list.next_cursor} (or --all)`);
    return;
  }
  printResult(res, { json: ctx.opts.json });
}

export function buildOp(parent: Command, def: OpDef, columns?: string[]) {
  const key = `${def.method} ${def.path}`;
  const spec = OPS[key];
  if (!spec) throw new Error(`quire: ${key} is not in operations.json (run npm run cli:types)`);
  const cmd = parent.command(def.cmd).description(def.summary ?? spec.summary);
  const pos = positionals(def, spec);
  for (const p of pos) cmd.argument(p.variadic ? `<${p.label}...>` : `<${p.label}>`);
  const taken = new Set([...pos.map((p) => p.key), ...Object.keys(def.fixed ?? {})]);
  const fieldOptions = new Map<string, Option>();
  for (const q of spec.query) if (!taken.has(q.name)) addFieldOption(cmd, q, 'query').forEach((o) => fieldOptions.set(`query:${q.name}`, o));
  for (const b of spec.body ?? []) if (!taken.has(b.name)) addFieldOption(cmd, b, 'body').forEach((o) => fieldOptions.set(`body:${b.name}`, o));
  if (spec.body) cmd.option('--data <json>', 'the request body as JSON (@file reads a file, - stdin); flags override its keys', (v) => parseJson(v, '--data'));
  if (spec.query.some((q) => q.name === 'cursor')) cmd.option('--all', 'follow next_cursor through every page');
  const withColumns = { ...def, columns: def.columns ?? columns };
  withGlobals(cmd).action((...a: unknown[]) => runOp(withColumns, spec, pos, fieldOptions, a.slice(0, pos.length), a[a.length - 1] as Command));
}

export function buildGroup(parent: Command, g: GroupDef): Command {
  const cmd = parent.command(g.name).description(g.summary);
  for (const def of g.ops) buildOp(cmd, def, g.columns);
  for (const sub of g.groups ?? []) buildGroup(cmd, sub);
  return cmd;
}
