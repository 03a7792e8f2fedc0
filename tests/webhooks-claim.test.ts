// Two processes on one database deliver each attempt once (DESIGN.md "One queue for background
// work": jobs claimed with FOR UPDATE SKIP LOCKED). This process runs several claimers (the
// queue's drain, each with several workers) against the test server's database (embedded PGlite,
// or PostgreSQL in CI's second pass) while the test server's own poller claims from the same
// rows; the receiver counts what arrives. A job whose lease has passed (a crashed sender) is sent
// again; one still leased is not. At most two attempts per endpoint are in flight.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client, createToken, uniqueTeam } from './support/api';
import { ok } from './support/docs';
import { useTestServerDatabase } from './support/in-process';
import { withTestDb } from './support/test-db';
import { startReceiver, until, verified, type Receiver } from './support/webhook-receiver';

type Engine = typeof import('../server/jobs/queue');

let receiver: Receiver;
let engine: Engine;
let endpoint: { id: string; secret: string };
let teamId = '';
let runSeq = 0;

beforeAll(async () => {
  receiver = await startReceiver();
  // This process talks to the server's database with the server's settings and app secret.
  await useTestServerDatabase();
  const env = inject('serverEnv');
  process.env.QUIRE_DATA_DIR = env.QUIRE_DATA_DIR;
  process.env.NEXTAUTH_SECRET = 'test-secret-not-for-production'; // tests/support/server.ts
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = 'true';
  process.env.WEBHOOK_RETRY_SCHEDULE = env.WEBHOOK_RETRY_SCHEDULE;
  (await import('../server/jobs/background')).registerJobKinds();
  engine = await import('../server/jobs/queue');

  const api = client((await createToken({ team: uniqueTeam('hooks-claim'), scopes: 'apis.all', plan: 'datarooms-plus' })).token);
  // Subscribed to a type nothing here writes: its deliveries are the rows this test inserts.
  endpoint = ok(await api.post('/v1/webhooks', { url: receiver.url('/claim'), events: ['question.answered'] }), 201);
  teamId = (await withTestDb((c) => c.query(`SELECT team_id FROM webhook_endpoints WHERE id = $1`, [endpoint.id]))).rows[0].team_id;
});

afterAll(async () => {
  await receiver?.close();
  const { closeDb } = await import('../server/db/client');
  await closeDb();
});

/** Inserts `n` due deliveries with their jobs (as emit() writes them) in one statement; returns their event ids. */
async function insertDue(n: number, extra: { attempts?: number; leasedSql?: string } = {}): Promise<string[]> {
  const run = `${Date.now().toString(36)}_${runSeq++}`;
  const ids = Array.from({ length: n }, (_, i) => `evt_claim_${run}_${i}`);
  await withTestDb((c) =>
    c.query(
      `WITH dl AS (
         INSERT INTO webhook_deliveries (id, team_id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, created_at, updated_at)
         SELECT 'whd_' || e, $1, $2, e, 'question.answered',
           json_build_object('id', e, 'type', 'question.answered', 'timestamp', '2026-01-01T00:00:00.000Z', 'data', json_build_object('object', json_build_object('id', e, 'object', 'question')))::text,
           'pending', $4, timezone('UTC', now()) - interval '61 seconds', timezone('UTC', now()), timezone('UTC', now())
         FROM unnest($3::text[]) e
         RETURNING id)
       INSERT INTO jobs (id, kind, ref, team_id, group_key, status, attempts, run_at, locked_until, created_at, updated_at)
       SELECT 'job_' || dl.id, 'webhook.delivery', dl.id, $1, $2, ${extra.leasedSql ? "'running'" : "'queued'"}, $4,
         timezone('UTC', now()) - interval '61 seconds', ${extra.leasedSql ?? 'NULL'}, timezone('UTC', now()), timezone('UTC', now())
       FROM dl`,
      [teamId, endpoint.id, ids, extra.attempts ?? 0],
    ),
  );
  return ids;
}

const drain = (o: { concurrency?: number } = {}) => engine.drain({ kinds: ['webhook.delivery'] }).then((s) => ({ claimed: s['webhook.delivery']?.done ?? 0, ...o }));

const rowsOf = async (ids: string[]) =>
  (await withTestDb((c) => c.query(`SELECT event_id, status, attempts FROM webhook_deliveries WHERE event_id = ANY($1::text[])`, [ids]))).rows as {
    event_id: string;
    status: string;
    attempts: number;
  }[];

describe('claiming deliveries', () => {
  it('several claimers in two processes send each of 300 deliveries exactly once', async () => {
    // Each answer takes 10 ms, two in flight for the endpoint: the run lasts a few seconds, so the
    // server's poller (every 2 s) joins in.
    let inFlight = 0;
    let most = 0;
    receiver.answer('/claim', () => {
      most = Math.max(most, ++inFlight);
      setTimeout(() => inFlight--, 10);
      return { status: 200, delayMs: 10 };
    });
    const ids = await insertDue(300);
    const started = Date.now();
    // Four claimers of eight workers here, racing the test server's poller.
    const runs = await Promise.all(Array.from({ length: 4 }, () => drain()));
    // (the claimers here also take any other due row of the shared database: earlier files' retries)
    const here = runs.reduce((a, r) => a + r.claimed, 0);
    await until(async () => (await rowsOf(ids)).every((r) => r.status === 'succeeded'), 60_000, 'every delivery succeeded');
    const got = receiver.at('/claim').filter((r) => ids.includes(r.headers['webhook-id']!));
    const perId = new Map<string, number>();
    for (const r of got) perId.set(r.headers['webhook-id']!, (perId.get(r.headers['webhook-id']!) ?? 0) + 1);
    expect([...perId.values()].filter((n) => n !== 1)).toEqual([]);
    expect(perId.size).toBe(300);
    expect(got).toHaveLength(300);
    expect((await rowsOf(ids)).every((r) => r.attempts === 1)).toBe(true);
    for (const r of got.slice(0, 20)) expect(verified(endpoint.secret, r).id).toBe(r.headers['webhook-id']);
    // One endpoint never has more than two attempts in flight.
    expect(most).toBeLessThanOrEqual(2);
    // Nothing of theirs is left on the queue.
    expect((await withTestDb((c) => c.query(`SELECT count(*)::int AS n FROM jobs WHERE ref = ANY($1::text[])`, [ids.map((e) => `whd_${e}`)]))).rows[0].n).toBe(0);
    console.log(`[webhooks] 300 deliveries in ${Date.now() - started} ms on ${inject('serverEnv').DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, no duplicate; this process's 4 claimers took ${here} rows (${runs.map((r) => r.claimed).join('+')}), the server the rest`);
  });

  it('a crashed claim (its hold passed) is sent again; a live one is not', async () => {
    const [crashed] = await insertDue(1, { attempts: 1, leasedSql: `timezone('UTC', now()) - interval '1 second'` });
    const [held] = await insertDue(1, { attempts: 1, leasedSql: `timezone('UTC', now()) + interval '1 hour'` });
    receiver.answer('/claim', () => 200);
    await drain();
    await until(async () => (await rowsOf([crashed!]))[0]!.status === 'succeeded', 10_000, 'the crashed claim sent again');
    expect((await rowsOf([crashed!]))[0]).toMatchObject({ attempts: 2 });
    // The server's poller (every 2 s) has had its chance too.
    await new Promise((r) => setTimeout(r, 2_500));
    expect(receiver.at('/claim').filter((r) => r.headers['webhook-id'] === held)).toHaveLength(0);
    expect((await rowsOf([held!]))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    // the hold passes: it goes
    await withTestDb((c) => c.query(`UPDATE jobs SET locked_until = timezone('UTC', now()) - interval '1 second' WHERE ref = $1`, [`whd_${held}`]));
    await drain();
    await until(async () => (await rowsOf([held!]))[0]!.status === 'succeeded', 10_000, 'the released claim sent');
    expect(receiver.at('/claim').filter((r) => r.headers['webhook-id'] === held)).toHaveLength(1);
  });

  // On the embedded database an open transaction keeps the single session to itself (other
  // connections wait, server/db/embedded.ts), so a held row lock cannot be skipped there: it is
  // never held by another claimer either, since every claim is one statement.
  it.skipIf(!inject('serverEnv').DATABASE_URL)('the claim statement skips rows another transaction holds (PostgreSQL)', async () => {
    const [locked] = await insertDue(1);
    // Hold the row's lock in an open transaction of another connection, as a claimer mid-statement would.
    await withTestDb(async (c) => {
      await c.query('BEGIN');
      await c.query(`SELECT id FROM jobs WHERE ref = $1 FOR UPDATE`, [`whd_${locked}`]);
      try {
        const claimed = await engine.claim('webhook.delivery');
        expect(claimed?.ref).not.toBe(`whd_${locked}`);
        if (claimed) await engine.runJob(claimed);
      } finally {
        await c.query('ROLLBACK');
      }
    });
    await until(async () => (await rowsOf([locked!]))[0]!.status === 'succeeded', 10_000, 'sent once free');
  });
});
