// The one queue for background work (DESIGN.md "One queue for background work"; docs/decisions.md
// says why it is this module and not pg-boss). Jobs are rows of `jobs`, written by
// server/db/jobs.ts's enqueue() in the transaction of the change that causes them. Here:
// - claim: one statement takes the oldest due job of the kinds asked (`FOR UPDATE SKIP LOCKED`),
//   marks it running with a lease and counts the attempt; a job whose lease passed (its instance
//   died) is due again. Jobs of one group (a webhook endpoint) have at most `groupCap` in flight,
//   and a team at most `teamCap` of a kind, across every instance (claims of such a kind take
//   turns, so the counts are exact);
// - run: the kind's handler, its lease renewed while it runs; done jobs are deleted;
// - retry: a handler that throws is tried again after the kind's backoff, up to `maxAttempts`,
//   then the job is dead: kept, logged, listed and retried by `npm run admin -- jobs`;
// - start: after the commit that enqueued (onJobsQueued), on a poll in long-lived servers, and
//   from the cron route on Vercel (app/api/cron/jobs). Every time is the database's clock.
import { db } from '../db/client';
import { onJobsQueued, type JobKind } from '../db/jobs';
import { afterResponse } from '../lib/after-response';

export type Job = { id: string; kind: JobKind; ref: string | null; teamId: string | null; group: string | null; payload: unknown; attempts: number };

/** What a handler answers: nothing (done), or run it again later (its own schedule, not a failure). */
export type Outcome = void | { againInMs: number };

export type JobKindSpec = {
  run: (job: Job) => Promise<Outcome>;
  /** Jobs of this kind one process runs at once. */
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  /** Delay before attempt n + 1 after attempt n failed. */
  backoffMs: (attempts: number) => number;
  /** The domain's word when the queue gives up (a failed preview, a failed archive). */
  onGiveUp?: (job: Job, error: string) => Promise<void>;
  groupCap?: number;
  teamCap?: number;
};

const specs = new Map<JobKind, JobKindSpec>();

export function defineJobKind(kind: JobKind, spec: JobKindSpec): void {
  specs.set(kind, spec);
}

/** 10 s, 40 s, 2.7 min, 10.7 min, … capped at an hour, ±10 %. */
export const exponentialBackoff = (attempts: number) => jitter(Math.min(3_600_000, 10_000 * 4 ** Math.max(0, attempts - 1)));
export const jitter = (ms: number) => Math.round(ms * (0.9 + Math.random() * 0.2));

// The groups and teams at their cap are found once (a few running rows), then skipped with a
// hashed lookup: counting the running rows again for every candidate made a claim scan every
// queued job of a team at its cap with two subqueries each (1,000 events fanned out to 5
// endpoints took 56 s against 12 s before the queue; docs/benchmarks.md).
const CLAIM = `
  WITH busy AS (SELECT group_key, team_id FROM jobs WHERE kind = $1 AND status = 'running' AND locked_until >= timezone('UTC', now())),
  full_groups AS (SELECT group_key FROM busy WHERE group_key IS NOT NULL GROUP BY group_key HAVING count(*) >= $3),
  full_teams AS (SELECT team_id FROM busy WHERE team_id IS NOT NULL GROUP BY team_id HAVING count(*) >= $4),
  next AS (
    SELECT j.id FROM jobs j
    WHERE j.kind = $1
      AND ((j.status = 'queued' AND j.run_at <= timezone('UTC', now())) OR (j.status = 'running' AND j.locked_until < timezone('UTC', now())))
      AND (j.group_key IS NULL OR j.group_key NOT IN (SELECT group_key FROM full_groups))
      AND (j.team_id IS NULL OR j.team_id NOT IN (SELECT team_id FROM full_teams))
    ORDER BY j.run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  UPDATE jobs j SET status = 'running', attempts = j.attempts + 1,
    locked_until = timezone('UTC', now()) + $2 * interval '1 millisecond', updated_at = timezone('UTC', now())
  FROM next WHERE j.id = next.id
  RETURNING j.id, j.kind, j.ref, j.team_id AS "teamId", j.group_key AS "group", j.payload, j.attempts`;

/** Takes one due job of `kind` for this process, or null. */
export async function claim(kind: JobKind): Promise<Job | null> {
  const spec = specOf(kind);
  const claimRows = () => db.$queryRawUnsafe<Job[]>(CLAIM, kind, spec.leaseMs, spec.groupCap ?? 1_000_000, spec.teamCap ?? 1_000_000);
  if (spec.groupCap === undefined && spec.teamCap === undefined) return (await claimRows())[0] ?? null;
  // Caps count what is in flight: claims of a capped kind take turns (a lock for the transaction,
  // then the claim with a snapshot taken after it), or two claimers could each see room for one
  // more. On the embedded database statements take turns anyway.
  const [, rows] = await db.$transaction([db.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))::text`, `quire.jobs.${kind}`), claimRows()]);
  return (rows as Job[])[0] ?? null;
}

function specOf(kind: JobKind): JobKindSpec {
  const spec = specs.get(kind);
  if (!spec) throw new Error(`no handler for jobs of kind ${kind}`);
  return spec;
}

// Every write after the claim names the attempt: a job whose lease passed and was claimed again
// belongs to the newer attempt, which records its own outcome.
const done = (j: Job) => db.$executeRawUnsafe(`DELETE FROM jobs WHERE id = $1 AND attempts = $2`, j.id, j.attempts);
const again = (j: Job, ms: number, attempts: number, error: string | null) =>
  db.$executeRawUnsafe(
    `UPDATE jobs SET status = 'queued', attempts = $3, last_error = $4, locked_until = NULL,
       run_at = timezone('UTC', now()) + $5 * interval '1 millisecond', updated_at = timezone('UTC', now())
     WHERE id = $1 AND attempts = $2`,
    j.id,
    j.attempts,
    attempts,
    error,
    Math.max(0, Math.round(ms)),
  );
const dead = (j: Job, error: string) =>
  db.$executeRawUnsafe(
    `UPDATE jobs SET status = 'dead', last_error = $3, locked_until = NULL, updated_at = timezone('UTC', now()) WHERE id = $1 AND attempts = $2`,
    j.id,
    j.attempts,
    error,
  );

export type RunStats = Record<string, { done: number; retried: number; dead: number }>;

const totals: RunStats = {};
const count = (stats: RunStats[], kind: string, what: 'done' | 'retried' | 'dead') => {
  for (const s of stats) (s[kind] ??= { done: 0, retried: 0, dead: 0 })[what]++;
};

/** Runs one claimed job to its outcome; never throws. */
export async function runJob(job: Job, stats?: RunStats): Promise<void> {
  const spec = specOf(job.kind);
  const all = stats ? [totals, stats] : [totals];
  const renew = setInterval(() => {
    db.$executeRawUnsafe(
      `UPDATE jobs SET locked_until = timezone('UTC', now()) + $3 * interval '1 millisecond' WHERE id = $1 AND attempts = $2 AND status = 'running'`,
      job.id,
      job.attempts,
      spec.leaseMs,
    ).catch(() => {});
  }, spec.leaseMs / 3);
  try {
    const outcome = await spec.run(job);
    if (outcome && 'againInMs' in outcome) await again(job, outcome.againInMs, 0, null);
    else await done(job);
    count(all, job.kind, 'done');
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (job.attempts < spec.maxAttempts) {
      console.error(`[quire] job ${job.kind} ${job.id} failed (attempt ${job.attempts} of ${spec.maxAttempts}): ${message}`);
      await again(job, spec.backoffMs(job.attempts), job.attempts, message).catch(logWriteFailure);
      count(all, job.kind, 'retried');
    } else {
      console.error(`[quire] job ${job.kind} ${job.id} given up after ${job.attempts} attempts: ${message}`);
      await dead(job, message).catch(logWriteFailure);
      await spec.onGiveUp?.(job, message).catch((err) => console.error(`[quire] giving up job ${job.id}:`, err));
      count(all, job.kind, 'dead');
    }
  } finally {
    clearInterval(renew);
  }
}

const logWriteFailure = (e: unknown) => console.error('[quire] recording a job outcome failed:', e instanceof Error ? e.message : e);

/**
 * Runs due jobs of every kind (or those named) until none is due or `maxMs` has passed: the cron
 * route's run, and a script's. Each kind with its own number of workers.
 */
export async function drain(o: { kinds?: JobKind[]; maxMs?: number } = {}): Promise<RunStats> {
  const stats: RunStats = {};
  const deadline = Date.now() + (o.maxMs ?? Infinity);
  const kinds = o.kinds ?? [...specs.keys()];
  await Promise.all(
    kinds.flatMap((kind) =>
      Array.from({ length: specOf(kind).concurrency }, async () => {
        while (Date.now() < deadline) {
          const job = await claim(kind);
          if (!job) return;
          await runJob(job, stats);
        }
      }),
    ),
  );
  return stats;
}

// In process: per kind, at most `concurrency` workers. A kick starts one when there is room; a
// worker that claimed a job starts another before it runs it (more may be due) and stops when it
// finds nothing. So a job that hangs holds one worker, and the next kick finds room for the rest.
const workers = new Map<JobKind, number>();
const idle = new Map<JobKind, PromiseWithResolvers<void>>();

export function kick(kind: JobKind): Promise<void> {
  const spec = specs.get(kind);
  if (!spec) return Promise.resolve();
  const n = workers.get(kind) ?? 0;
  if (n < spec.concurrency) {
    workers.set(kind, n + 1);
    if (!idle.has(kind)) idle.set(kind, Promise.withResolvers<void>());
    void (async () => {
      try {
        for (;;) {
          const job = await claim(kind);
          if (!job) return;
          void kick(kind);
          await runJob(job);
        }
      } catch (e) {
        console.error(`[quire] jobs of kind ${kind} stopped:`, e instanceof Error ? e.message : e);
      } finally {
        const left = (workers.get(kind) ?? 1) - 1;
        workers.set(kind, left);
        if (left === 0) {
          idle.get(kind)?.resolve();
          idle.delete(kind);
        }
      }
    })();
  }
  return idle.get(kind)?.promise ?? Promise.resolve();
}

/** The kinds with a job due now (one cheap statement for the poll). */
async function dueKinds(): Promise<JobKind[]> {
  const rows = await db.$queryRawUnsafe<{ kind: JobKind }[]>(
    `SELECT DISTINCT kind FROM jobs
     WHERE (status = 'queued' AND run_at <= timezone('UTC', now())) OR (status = 'running' AND locked_until < timezone('UTC', now()))`,
  );
  return rows.map((r) => r.kind).filter((k) => specs.has(k));
}

let timer: NodeJS.Timeout | undefined;
let logTimer: NodeJS.Timeout | undefined;
let listening = false;

/**
 * Runs jobs in this process: after every commit that enqueued some (inside a request, once its
 * answer is out: on Vercel the function stays alive for them) and, with `pollMs`, on a timer that
 * never keeps the process alive (retries, and jobs another instance did not get to). Every
 * `logEveryMs` the counts since the last line go to the log.
 */
export function startJobs(o: { pollMs?: number; logEveryMs?: number } = {}): void {
  if (!listening) {
    listening = true;
    onJobsQueued((kinds) => {
      for (const kind of kinds) afterResponse(`${kind} job`, () => kick(kind));
    });
  }
  if (o.pollMs && !timer) {
    const poll = () =>
      void dueKinds()
        .then((kinds) => kinds.forEach((k) => void kick(k)))
        .catch((e) => console.error('[quire] job poll failed:', e instanceof Error ? e.message : e));
    timer = setInterval(poll, o.pollMs);
    timer.unref();
  }
  if (o.logEveryMs && !logTimer) {
    logTimer = setInterval(() => {
      const line = Object.entries(totals)
        .filter(([, c]) => c.done + c.retried + c.dead > 0)
        .map(([k, c]) => `${k} ${c.done} done, ${c.retried} retried, ${c.dead} given up`);
      if (line.length) console.log(`[quire] jobs: ${line.join('; ')}`);
      for (const k of Object.keys(totals)) delete totals[k];
    }, o.logEveryMs);
    logTimer.unref();
  }
}
