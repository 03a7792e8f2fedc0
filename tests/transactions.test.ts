// A statement queued on an interactive transaction's connection (server/db/tx-client.ts: the audit
// event's, which rides with the COMMIT) keeps the transaction's rules: it is sent before the next
// statement and seen by it, commits with the change or not at all, is never sent when the
// transaction rolls back, and its failure fails the transaction with its own error, the
// connection left clean for the next one. In this process, on the test server's database.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServerDatabase } from './support/in-process';

/**
 * A TCP proxy to the database that counts turns: each time the client speaks after the server
 * has answered (however TCP cuts the bytes, one pipelined write is one turn).
 */
async function turnCounter(target: URL) {
  let turns = 0;
  let serverSpoke = true;
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    inbound.on('data', (d) => {
      if (serverSpoke) turns++;
      serverSpoke = false;
      outbound.write(d);
    });
    outbound.on('data', (d) => {
      serverSpoke = true;
      inbound.write(d);
    });
    for (const s of [inbound, outbound]) s.on('error', () => {}).on('close', () => (inbound.destroy(), outbound.destroy()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as net.AddressInfo).port, turns: () => turns, close: () => server.close() };
}
let proxy: Awaited<ReturnType<typeof turnCounter>>;

let db: typeof import('../server/db/client').db;
let txc: typeof import('../server/db/tx-client');
const table = `tx_queue_probe_${process.pid}`;
const seq = `${table}_seq`;

const count = async () => Number((await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);
const lastValue = async () => Number((await db.$queryRawUnsafe<{ v: bigint }[]>(`SELECT last_value AS v FROM ${seq}`))[0]!.v);
const insert = (value = `nextval('${seq}')`) => ({ text: `INSERT INTO ${table} (n) VALUES (${value})` });

beforeAll(async () => {
  await useTestServerDatabase();
  // This file's client goes through the counting proxy.
  const url = new URL(process.env.DATABASE_URL!);
  proxy = await turnCounter(new URL(url));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  process.env.DATABASE_URL = url.toString();
  db = (await import('../server/db/client')).db;
  txc = await import('../server/db/tx-client');
  await db.$executeRawUnsafe(`CREATE SEQUENCE ${seq}`);
  await db.$executeRawUnsafe(`CREATE TABLE ${table} (n bigint NOT NULL)`);
});

afterAll(async () => {
  await db.$executeRawUnsafe(`DROP TABLE IF EXISTS ${table}`);
  await db.$executeRawUnsafe(`DROP SEQUENCE IF EXISTS ${seq}`);
  await (await import('../server/db/client')).closeDb();
  proxy.close();
});

describe('a transaction without round trips of its own', () => {
  /** The turns `run` takes, on a warm connection (transactions one after another reuse the same one). */
  const turnsOf = async (run: () => Promise<unknown>) => {
    for (let i = 0; i < 3; i++) await db.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1'));
    const before = proxy.turns();
    await run().catch(() => {});
    return proxy.turns() - before;
  };

  it('sends its BEGIN with the first statement, and the event with the COMMIT: two turns', async () => {
    expect(await turnsOf(() => db.$transaction(async (tx) => tx.$queryRawUnsafe('SELECT 1')))).toBe(2);
    expect(
      await turnsOf(() =>
        db.$transaction(async (tx) => {
          await tx.$executeRawUnsafe(`INSERT INTO ${table} (n) VALUES (-2)`);
          txc.sendWithNextStatement(tx, insert(), () => {});
        }),
      ),
    ).toBe(2);
    // One turn a statement otherwise, as before.
    expect(
      await turnsOf(() =>
        db.$transaction(async (tx) => {
          await tx.$queryRawUnsafe('SELECT 1');
          await tx.$queryRawUnsafe('SELECT 2');
        }),
      ),
    ).toBe(3);
  });

  it('sends nothing when it gives up before its first statement', async () => {
    expect(
      await turnsOf(() =>
        db.$transaction(async () => {
          throw new Error('nothing to do');
        }),
      ),
    ).toBe(0);
  });

  it('is still one transaction: its statements share one snapshot and one transaction id', async () => {
    const [a, b] = await db.$transaction(async (tx) => [
      (await tx.$queryRawUnsafe<{ t: Date; x: string }[]>('SELECT now() AS t, txid_current()::text AS x'))[0]!,
      (await tx.$queryRawUnsafe<{ t: Date; x: string }[]>('SELECT pg_sleep(0.01)::text AS s, now() AS t, txid_current()::text AS x'))[0]!,
    ]);
    expect(b.t.getTime()).toBe(a.t.getTime());
    expect(b.x).toBe(a.x);
  });
});

describe('a statement sent with the next one', () => {
  it('goes with the COMMIT: committed with the change, its result seen before the commit returns, after-commit work after it', async () => {
    const before = await count();
    const order: string[] = [];
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`INSERT INTO ${table} (n) VALUES (-1)`);
      const queued = txc.sendWithNextStatement(tx, insert(), (r) => {
        order.push(`result ${r.rowCount}`);
        txc.afterCommit(tx, () => order.push('after commit'));
      });
      expect(queued).toBe(true);
      order.push('fn returned');
    });
    order.push('transaction returned');
    expect(order).toEqual(['fn returned', 'result 1', 'after commit', 'transaction returned']);
    expect(await count()).toBe(before + 2);
  });

  it('is sent ahead of the next statement of the transaction, which sees it', async () => {
    const seen = await db.$transaction(async (tx) => {
      txc.sendWithNextStatement(tx, insert('424242'), () => {});
      txc.sendWithNextStatement(tx, insert('424243'), () => {});
      return tx.$queryRawUnsafe<{ n: bigint }[]>(`SELECT n FROM ${table} WHERE n IN (424242, 424243) ORDER BY n`);
    });
    expect(seen.map((r) => Number(r.n))).toEqual([424242, 424243]);
  });

  it('is never sent when the transaction rolls back', async () => {
    const [rows, seqAt] = [await count(), await lastValue()];
    let called = false;
    await expect(
      db.$transaction(async (tx) => {
        txc.sendWithNextStatement(tx, insert(), () => (called = true));
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A sequence is not transactional: had the INSERT reached the server, nextval would have moved.
    expect(await lastValue()).toBe(seqAt);
    expect(await count()).toBe(rows);
    expect(called).toBe(false);
  });

  it('fails the transaction with its own error when it fails before a later statement, and nothing commits', async () => {
    const rows = await count();
    await expect(
      db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`INSERT INTO ${table} (n) VALUES (7)`);
        txc.sendWithNextStatement(tx, insert('1 / 0'), () => {});
        await tx.$executeRawUnsafe(`INSERT INTO ${table} (n) VALUES (8)`);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await count()).toBe(rows);
  });

  it('fails the COMMIT with its own error when it is the last, rolls the change back, and leaves every connection usable', async () => {
    const rows = await count();
    for (let i = 0; i < 12; i++) {
      await expect(
        db.$transaction(async (tx) => {
          await tx.$executeRawUnsafe(`INSERT INTO ${table} (n) VALUES (9)`);
          txc.sendWithNextStatement(tx, insert('1 / 0'), () => {});
        }),
      ).rejects.toThrow(/division by zero/);
    }
    expect(await count()).toBe(rows);
    // Every pooled connection that carried a failed COMMIT answers the next transactions.
    const done = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.$transaction(async (tx) => {
          txc.sendWithNextStatement(tx, insert(String(1000 + i)), () => {});
          return i;
        }),
      ),
    );
    expect(done).toHaveLength(12);
    expect(await count()).toBe(rows + 12);
  });

  it('is refused outside the transaction it names: the caller sends it itself', async () => {
    expect(txc.sendWithNextStatement(db, insert(), () => {})).toBe(false);
    await db.$transaction(async (tx) => {
      expect(txc.sendWithNextStatement({}, insert(), () => {})).toBe(false);
      await tx.$queryRawUnsafe('SELECT 1');
    });
  });
});
