// Whether a failure means the database cannot be reached right now (refused, reset, closed,
// restarting, out of connections), from pg itself, Prisma's pg adapter or Prisma's engine. Such
// failures are answered 503 with Retry-After (a client may retry), not 500.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ECONNABORTED']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// P2037: too many connections, as the client codes the adapter's TooManyConnections.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2037']);
// Class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300 (too many connections).
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
const MESSAGES = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|server closed the connection/i;

/**
 * Prisma could not get a connection or finish a transaction in time (P2028): the server is
 * saturated by concurrent writes, which is the client's to slow down (429, Retry-After: 1), not a
 * server fault.
 */
export const databaseBusy = (e: unknown) => (e as { code?: string } | null)?.code === 'P2028';
/** Seconds a client is told to wait when the database is busy. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/** Seconds a client is told to wait when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export function databaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  // Causes, and Prisma's `meta.driverAdapterError` (where a pool's own error, 53300 say, is kept).
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const o = e as { code?: unknown; kind?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (typeof o.code === 'string' && (SOCKET_CODES.has(o.code) || PRISMA_CODES.has(o.code) || SQLSTATE.test(o.code))) return true;
    if (typeof o.kind === 'string' && ADAPTER_KINDS.has(o.kind)) return true;
    if (typeof o.originalCode === 'string' && (SOCKET_CODES.has(o.originalCode) || SQLSTATE.test(o.originalCode))) return true;
    if (typeof o.message === 'string' && MESSAGES.test(o.message)) return true;
    queue.push(o.cause, o.meta?.driverAdapterError);
  }
  return false;
}
