// Named prepared statements: planned once per connection instead of on every execution. Off
// where configuration says a pooler cannot keep them, and always on the embedded database.
import crypto from 'node:crypto';
import { config } from '../config';

const names = new Map<string, string>();
const preparedInPrisma = new Set<string>();

/**
 * Marks a statement that services run through Prisma (`$executeRawUnsafe`, `$queryRawUnsafe`)
 * as a named prepared statement, like `sqlRows(..., { prepare: true })`: for the events' CTE,
 * parsing and planning cost ten times its execution (docs/benchmarks.md, issue 20).
 */
export function preparedThroughPrisma(text: string): string {
  preparedInPrisma.add(text);
  return text;
}

/** The adapter's statement name for `text`: a name only for marked statements, when allowed. */
export function prismaStatementName(text: string): string | undefined {
  return preparedInPrisma.has(text) && config.databasePreparedStatements ? preparedName(text) : undefined;
}

/**
 * A statement's name derived from its text, for statements built in variants (filters, cursors):
 * one text, one name, so a connection never sees one name with two texts.
 */
export function preparedName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `q_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`));
  return name;
}
