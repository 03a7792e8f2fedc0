// Plain SQL reads on the pool Prisma uses, for the statements every /v1 request runs (the token
// lookup, document list/search/get). Prisma's query pipeline costs more CPU than the whole bare
// request (docs/benchmarks.md); writes and transactions stay with Prisma.
//
// Timestamps come back as ISO strings (timestamp(3) columns hold UTC, as Prisma reads them), so
// no Date object is built for a value that is only printed.
import pg from 'pg';
import { config } from '../config';
import { getPool } from './client';
import { preparedName } from './prepared';

export { preparedName, preparedThroughPrisma } from './prepared';

const TIMESTAMP = 1114;

const ms = (fraction: string | undefined) => (fraction ?? '').padEnd(3, '0').slice(0, 3);

/** PostgreSQL's ISO text of a UTC timestamp ("2026-11-21 20:17:37.5") as Date#toISOString prints it. */
export function isoFromPg(s: string): string {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/.exec(s);
  return m ? `${m[1]}T${m[2]}.${ms(m[3])}Z` : unusualIso(s);
}

/** Years past 9999 and BC, which Date's parser does not take in this form; infinity as is. */
function unusualIso(s: string): string {
  const m = /^(\d+)-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d+))?( BC)?$/.exec(s);
  if (!m) return s;
  const d = new Date(0);
  d.setUTCFullYear(m[8] ? 1 - Number(m[1]) : Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  d.setUTCHours(Number(m[4]), Number(m[5]), Number(m[6]), Number(ms(m[7])));
  return d.toISOString();
}

/** A UTC instant as a timestamp parameter (pg would send a Date in the process's time zone). */
export const pgTimestamp = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP ? isoFromPg : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * `name` makes the statement a named prepared statement, planned once per connection instead of
 * on every execution (for a statement with many joins, planning costs several times the execution:
 * docs/benchmarks.md), unless configuration turns them off for a pooler that cannot keep them.
 */
export async function sqlRows<T>(text: string, values: unknown[], opts: { name?: string; prepare?: boolean } = {}): Promise<T[]> {
  const wanted = opts.name ?? (opts.prepare ? preparedName(text) : undefined);
  const name = wanted && config.databasePreparedStatements ? wanted : undefined;
  const r = await getPool().query({ text, values, types, name });
  return r.rows as T[];
}
