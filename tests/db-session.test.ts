// The app's database connections as the server opens them: JIT compilation is off on each one
// (server/db/client.ts says why), on the embedded database and on PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServerDatabase } from './support/in-process';

let pool: import('pg').Pool;

beforeAll(async () => {
  await useTestServerDatabase();
  const { getPool } = await import('../server/db/client');
  pool = getPool();
});

afterAll(async () => {
  const { getDb } = await import('../server/db/client');
  await getDb().$disconnect();
});

describe('database sessions', () => {
  it('have JIT compilation off on every pooled connection, including those inside transactions', async () => {
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      for (const c of held) expect((await c.query('SHOW jit')).rows[0].jit).toBe('off');
    } finally {
      for (const c of held) c.release();
    }
    const { getDb } = await import('../server/db/client');
    const inTx = await getDb().$transaction(async (tx) => tx.$queryRawUnsafe<{ jit: string }[]>('SHOW jit'));
    expect(inTx[0]!.jit).toBe('off');
  });
});
