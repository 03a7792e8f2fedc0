import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from './unavailable';

// The shape Prisma's client gives a failure of its pg adapter: the adapter's error under
// `meta.driverAdapterError`, its mapped kind and the server's SQLSTATE in that error's `cause`.
const prismaError = (cause: Record<string, unknown>) =>
  Object.assign(new Error('Invalid `prisma.document.findMany()` invocation'), {
    code: 'P2010',
    meta: { driverAdapterError: Object.assign(new Error('DriverAdapterError'), { cause }) },
  });

describe('databaseUnavailable', () => {
  it('finds "too many connections" kept under meta.driverAdapterError', () => {
    expect(databaseUnavailable(prismaError({ kind: 'TooManyConnections', originalCode: '53300' }))).toBe(true);
    expect(databaseUnavailable(prismaError({ kind: 'postgres', originalCode: '53300' }))).toBe(true);
  });

  it('finds a refused connection along the cause chain', () => {
    expect(databaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }) }))).toBe(true);
  });

  it('does not take a constraint violation or a plain error for an outage', () => {
    expect(databaseUnavailable(prismaError({ kind: 'UniqueConstraintViolation', originalCode: '23505' }))).toBe(false);
    expect(databaseUnavailable(new Error('boom'))).toBe(false);
    expect(databaseUnavailable(null)).toBe(false);
  });
});
