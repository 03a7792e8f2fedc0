// The one queue (DESIGN.md "One queue for background work"), in this process on the test server's
// database: a job is written with its transaction (none after a rollback) and announced only
// after the commit; a handler that fails is tried again after a backoff, then given up visibly:
// `npm run admin -- jobs list` shows it and `jobs retry` queues it again, which the server runs.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { admin } from './support/api';
import { useTestServerDatabase } from './support/in-process';
import { withTestDb } from './support/test-db';
import { serverLog } from './support/viewer';
import { until } from './support/webhook-receiver';
import net from 'node:net';

type Queue = typeof import('../server/jobs/queue');
let queue: Queue;
let jobs: typeof import('../server/db/jobs');
let db: typeof import('../server/db/client').db;
let closedPort = 0;

beforeAll(async () => {
  await useTestServerDatabase();
  const env = inject('serverEnv');
  process.env.QUIRE_DATA_DIR = env.QUIRE_DATA_DIR;
  process.env.NEXTAUTH_SECRET = 'test-secret-not-for-production'; // tests/support/server.ts
  // A mail server that refuses every connection: this process's sends fail (the server's go to its log).
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  closedPort = (probe.address() as net.AddressInfo).port;
  await new Promise((r) => probe.close(r));
  process.env.EMAIL_SERVER = `smtp://127.0.0.1:${closedPort}`;
  process.env.EMAIL_FROM = 'Quire <no-reply@example.com>';
  (await import('../server/jobs/background')).registerJobKinds();
  queue = await import('../server/jobs/queue');
  jobs = await import('../server/db/jobs');
  db = (await import('../server/db/client')).db;
});

afterAll(async () => {
  const { closeDb } = await import('../server/db/client');
  await closeDb();
});

const mail = (to: string) => ({ notice: { to, kind: 'queue test mail', subject: 'Queue test', text: 'hello', logValue: `queued for ${to}` } });

/** A mail job written an hour ahead (no poller takes it), found by its ref. */
async function parkedMailJob(to: string) {
  const { mailJob } = await import('../server/auth/mail-queue');
  await jobs.enqueue(db, { ...mailJob(mail(to)), ref: to, delayMs: 3_600_000 });
  return (await withTestDb((c) => c.query(`SELECT id FROM jobs WHERE ref = $1`, [to]))).rows as { id: string }[];
}

/** Takes the job as a claimer would, with `attempts` spent, held an hour. */
async function asClaimed(id: string, attempts: number) {
  const { rows } = await withTestDb((c) =>
    c.query(
      `UPDATE jobs SET status = 'running', attempts = $2, locked_until = timezone('UTC', now()) + interval '1 hour' WHERE id = $1
       RETURNING id, kind, ref, team_id AS "teamId", group_key AS "group", payload, attempts`,
      [id, attempts],
    ),
  );
  return rows[0];
}

const row = async (id: string) => (await withTestDb((c) => c.query(`SELECT status, attempts, last_error, run_at > timezone('UTC', now()) AS later FROM jobs WHERE id = $1`, [id]))).rows[0];

describe('the one queue', { timeout: 180_000 }, () => {
  it('a job commits with its transaction and is announced after the commit, never after a rollback', async () => {
    const heard: string[] = [];
    jobs.onJobsQueued((kinds) => heard.push(...kinds));
    const to = `commit-${Date.now()}@example.com`;
    let heardInside = -1;
    await db.$transaction(async (tx) => {
      await jobs.enqueue(tx, { kind: 'mail', payload: { sealed: 'x' }, delayMs: 3_600_000, ref: to });
      await new Promise((r) => setTimeout(r, 50));
      heardInside = heard.length;
    });
    expect(heardInside).toBe(0);
    expect(heard).toEqual(['mail']);

    const gone = `rollback-${Date.now()}@example.com`;
    await expect(
      db.$transaction(async (tx) => {
        await jobs.enqueue(tx, { kind: 'mail', payload: { sealed: 'x' }, delayMs: 3_600_000, ref: gone });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((r) => setTimeout(r, 50));
    expect(heard).toEqual(['mail']);
    const { rows } = await withTestDb((c) => c.query(`SELECT ref FROM jobs WHERE ref = ANY($1::text[])`, [[to, gone]]));
    expect(rows.map((r) => r.ref)).toEqual([to]);
    await withTestDb((c) => c.query(`DELETE FROM jobs WHERE ref = $1`, [to]));
  });

  it('a failing job is tried again after a backoff, then given up; the admin lists it and queues it again', async () => {
    const to = `retry-${Date.now()}@example.com`;
    const [job] = await parkedMailJob(to);
    expect(job).toBeDefined();

    // First attempt fails (the mail server refuses): queued again, later, with the error.
    await queue.runJob(await asClaimed(job!.id, 1));
    expect(await row(job!.id)).toMatchObject({ status: 'queued', attempts: 1, later: true });
    expect((await row(job!.id)).last_error).toMatch(/ECONNREFUSED|connect/i);

    // The last attempt fails: dead, kept.
    await queue.runJob(await asClaimed(job!.id, 5));
    expect(await row(job!.id)).toMatchObject({ status: 'dead', attempts: 5 });

    const listed = await admin(['jobs', 'list', '--status', 'dead']);
    expect(listed.stdout).toMatch(/mail dead: \d+/);
    expect(listed.stdout).toContain(job!.id);

    // Queued again by hand: the server (its mail goes to the log) sends it.
    const before = fs.existsSync(serverLog()) ? fs.statSync(serverLog()).size : 0;
    expect((await admin(['jobs', 'retry', job!.id])).stdout).toContain('queued 1 dead job again');
    // `before` is a byte offset (the log holds multi-byte characters): slice the bytes, not the text.
    await until(() => fs.readFileSync(serverLog()).subarray(before).toString('utf8').includes(`queue test mail for ${to}: queued for ${to}`), 60_000, 'the retried mail sent');
    await until(async () => !(await row(job!.id)), 30_000, 'the done job deleted');
    expect((await admin(['jobs', 'retry', job!.id])).stdout).toContain(`no dead job ${job!.id}`);
  });

  it('a mail job keeps its message sealed in the row', async () => {
    const to = `sealed-${Date.now()}@example.com`;
    const [job] = await parkedMailJob(to);
    const { rows } = await withTestDb((c) => c.query(`SELECT payload::text AS p FROM jobs WHERE id = $1`, [job!.id]));
    expect(rows[0].p).not.toContain(to);
    expect(rows[0].p).toMatch(/"sealed": ?"v1\./);
    await withTestDb((c) => c.query(`DELETE FROM jobs WHERE id = $1`, [job!.id]));
  });
});
