// What commands print: with --json exactly the API's JSON on stdout; otherwise aligned tables
// (lists) or key/value lines (one object). Notes and progress go to stderr.

export const printJson = (value: unknown): void => void process.stdout.write(JSON.stringify(value, null, 2) + '\n');
const out = (text: string) => void process.stdout.write(text + '\n');
export const note = (text: string) => process.stderr.write(text + '\n');

function cell(v: unknown): string {
  if (v === null || v === undefined) return '-';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v).replace(/\s+/g, ' ');
}

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n - 1) + '…' : s);

/** Rows as aligned columns; `columns` defaults to the keys of the first row. */
export function formatTable(rows: Record<string, unknown>[], columns?: string[]): string {
  if (rows.length === 0) return '(none)';
  const cols = (columns ?? Object.keys(rows[0])).filter((c) => rows.some((r) => c in r));
  const cells = rows.map((r) => cols.map((c) => clip(cell(r[c]), 60)));
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (vals: string[]) => vals.map((v, i) => (i === vals.length - 1 ? v : v.padEnd(widths[i]))).join('  ');
  return [line(cols.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n');
}

/** One object as `key  value` lines. */
export function formatObject(obj: Record<string, unknown>): string {
  const keys = Object.keys(obj);
  const w = Math.max(...keys.map((k) => k.length));
  return keys.map((k) => `${k.padEnd(w)}  ${cell(obj[k])}`).join('\n');
}

export function printResult(value: unknown, o: { json?: boolean; columns?: string[] }): void {
  if (o.json) printJson(value);
  else if (Array.isArray(value)) out(formatTable(value as Record<string, unknown>[], o.columns));
  else if (value && typeof value === 'object') out(formatObject(value as Record<string, unknown>));
  else if (value !== undefined && value !== null) out(String(value));
}
