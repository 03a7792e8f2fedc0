// The one queue for background work (DESIGN.md "One queue for background work"; docs/decisions.md
// says why it is this module and not pg-boss). Jobs are rows of `jobs`, written by
// server/db/jobs.ts's enqueue() in the transaction of the change that causes them. Here:
// - claim: one statement takes the oldest due jobs of a kind, up to the free slots (`FOR UPDATE
//   SKIP LOCKED`), marks them running with a lease and counts the attempt; a job whose lease
//   passed (its instance died) is queued again by the poll and the cron route. Jobs of one group
//   (a webhook endpoint) have at most `groupCap` in flight, and a team at most `teamCap` of a
//   kind, across every instance (claims of such a kind take turns, so the counts are exact);
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

// One statement claims up to the free slots. The groups and teams at their cap are skipped first
// (a hashed lookup, so a team at its cap cannot fill the window and starve the others), then the
// first due candidates are ranked within their group and team; a candidate is taken while the
// running count plus its rank stays within each cap. Ranks count candidates the other cap turned
// away, so a claim may take fewer than it could, never more. Claiming one job per transaction held
// 1,000 events fanned out to 5 endpoints at 35-56 s against 12 s before the queue
// (docs/benchmarks.md). `next` repeats the queued test: a row claimed and committed by another
// claimer after this statement's snapshot is re-checked on its new version, and skipped. The same
// statement deletes the jobs this pump finished since its last claim (`finished`, no longer busy):
// a delivery costs the round trips of its own work, not one more for its row. Jobs whose lease
// passed are queued again by reap() (the poll, the cron route), so a claim reads queued rows only:
// scanning for lapsed leases walked the index entries of every row finished since the last vacuum.
const CLAIM = `
  WITH finished AS (SELECT * FROM unnest($7::text[], $8::int[]) AS f(id, attempts)),
  gone AS (DELETE FROM jobs j USING finished f WHERE j.id = f.id AND j.attempts = f.attempts),
  busy AS (
    SELECT b.group_key, b.team_id FROM jobs b
    WHERE b.kind = $1 AND b.status = 'running' AND b.locked_until >= timezone('UTC', now())
      AND NOT EXISTS (SELECT 1 FROM finished f WHERE f.id = b.id AND f.attempts = b.attempts)),
  busy_groups AS (SELECT group_key, count(*) AS n FROM busy WHERE group_key IS NOT NULL GROUP BY group_key),
  busy_teams AS (SELECT team_id, count(*) AS n FROM busy WHERE team_id IS NOT NULL GROUP BY team_id),
  due AS (
    SELECT j.id, j.run_at, j.group_key, j.team_id FROM jobs j
    WHERE j.kind = $1 AND j.status = 'queued' AND j.run_at <= timezone('UTC', now())
      AND (j.group_key IS NULL OR j.group_key NOT IN (SELECT group_key FROM busy_groups WHERE n >= $3))
      AND (j.team_id IS NULL OR j.team_id NOT IN (SELECT team_id FROM busy_teams WHERE n >= $4))
    ORDER BY j.run_at LIMIT $6),
  ranked AS (
    SELECT d.id, d.run_at, d.group_key, d.team_id,
      row_number() OVER (PARTITION BY d.group_key ORDER BY d.run_at, d.id) AS in_group,
      row_number() OVER (PARTITION BY d.team_id ORDER BY d.run_at, d.id) AS in_team
    FROM due d),
  picked AS (
    SELECT r.id FROM ranked r
      LEFT JOIN busy_groups g ON g.group_key = r.group_key
      LEFT JOIN busy_teams t ON t.team_id = r.team_id
    WHERE (r.group_key IS NULL OR r.in_group + coalesce(g.n, 0) <= $3)
      AND (r.team_id IS NULL OR r.in_team + coalesce(t.n, 0) <= $4)
    ORDER BY r.run_at, r.id LIMIT $5),
  next AS (SELECT j.id FROM jobs j WHERE j.id IN (SELECT id FROM picked) AND j.status = 'queued' FOR UPDATE SKIP LOCKED)
  UPDATE jobs j SET status = 'running', attempts = j.attempts + 1,
    locked_until = timezone('UTC', now()) + $2 * interval '1 millisecond', updated_at = timezone('UTC', now())
  FROM next WHERE j.id = next.id
  RETURNING j.id, j.kind, j.ref, j.team_id AS "teamId", j.group_key AS "group", j.payload, j.attempts`;

/** How many due candidates one claim ranks: enough for every slot, bounded so a long queue costs the same. */
const CLAIM_WINDOW = 64;

type Finished = Pick<Job, 'id' | 'attempts'>;

/** Takes up to `max` due jobs of `kind` for this process, oldest first, and deletes the `finished` ones. */
export async function claimSome(kind: JobKind, max: number, finished: Finished[] = []): Promise<Job[]> {
  const spec = specOf(kind);
  const claimRows = () =>
    db.$queryRawUnsafe<Job[]>(
      CLAIM,
      kind,
      spec.leaseMs,
      spec.groupCap ?? 1_000_000,
      spec.teamCap ?? 1_000_000,
      max,
      Math.max(max, CLAIM_WINDOW),
      finished.map((j) => j.id),
      finished.map((j) => j.attempts),
    );
  if (spec.groupCap === undefined && spec.teamCap === undefined) return claimRows();
  // Caps count what is in flight: claims of a capped kind take turns (a lock for the transaction,
  // then the claim with a snapshot taken after it), or two claimers could each see room for one
  // more. On the embedded database statements take turns anyway.
  const [, rows] = await db.$transaction([db.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))::text`, `quire.jobs.${kind}`), claimRows()]);
  return rows as Job[];
}

/** Takes one due job of `kind` for this process, or null. */
export async function claim(kind: JobKind): Promise<Job | null> {
  return (await claimSome(kind, 1))[0] ?? null;
}

function specOf(kind: JobKind): JobKindSpec {
  const spec = specs.get(kind);
  if (!spec) throw new Error(`no handler for jobs of kind ${kind}`);
  return spec;
}

// Every write after the claim names the attempt: a job whose lease passed and was claimed again
// belongs to the newer attempt, which records its own outcome.
const done = (j: Finished) => db.$executeRawUnsafe(`DELETE FROM jobs WHERE id = $1 AND attempts = $2`, j.id, j.attempts);
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

/**
 * Runs one claimed job to its outcome; never throws. `finish`: the caller deletes the row of a
 * job that is done (with its next claim).
 */
export async function runJob(job: Job, stats?: RunStats, finish: (j: Job) => Promise<unknown> | void = done): Promise<void> {
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
    else await finish(job);
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

// A pump runs the jobs of one kind with at most `concurrency` in flight: it claims up to its free
// slots in one statement and claims again as jobs finish (a kick during a claim is remembered, so
// a job queued meanwhile is not missed). A job that hangs holds one slot. It is done when nothing
// runs and a claim found nothing.
type Pump = {
  kind: JobKind;
  spec: JobKindSpec;
  running: number;
  /** Done jobs whose rows the next claim deletes. */
  finished: Finished[];
  claiming: boolean;
  again: boolean;
  until: number;
  stats?: RunStats;
  idle: PromiseWithResolvers<void>;
  onIdle?: () => void;
};

function newPump(kind: JobKind, o: { until?: number; stats?: RunStats; onIdle?: () => void } = {}): Pump {
  return { kind, spec: specOf(kind), running: 0, finished: [], claiming: false, again: false, until: o.until ?? Infinity, stats: o.stats, idle: Promise.withResolvers<void>(), onIdle: o.onIdle };
}

function fill(p: Pump): void {
  if (p.claiming) {
    p.again = true;
    return;
  }
  const free = p.spec.concurrency - p.running;
  if (free <= 0) return;
  const finished = p.finished.splice(0);
  p.claiming = true;
  p.again = false;
  const claimed = Date.now() < p.until ? claimSome(p.kind, free, finished) : Promise.all(finished.map(done)).then(() => []);
  claimed.then(
    (jobs) => {
      p.claiming = false;
      p.running += jobs.length;
      for (const job of jobs)
        void runJob(job, p.stats, (j) => void p.finished.push(j)).finally(() => {
          p.running--;
          fill(p);
        });
      if (p.again) fill(p);
      else settle(p);
    },
    (e) => {
      p.claiming = false;
      // The rows of `finished` stay running until their lease passes and run again, as after a
      // crash between a job's end and its delete (the database failed; the next kick tries anew).
      console.error(`[quire] jobs of kind ${p.kind} stopped:`, e instanceof Error ? e.message : e);
      settle(p, true);
    },
  );
}

function settle(p: Pump, failed = false): void {
  if (p.claiming || p.running > 0) return;
  if (p.finished.length && !failed) return fill(p);
  p.onIdle?.();
  p.idle.resolve();
}

/**
 * Runs due jobs of every kind (or those named) until none is due or `maxMs` has passed: the cron
 * route's run, and a script's. Each kind with its own number of workers.
 */
export async function drain(o: { kinds?: JobKind[]; maxMs?: number } = {}): Promise<RunStats> {
  const stats: RunStats = {};
  const until = Date.now() + (o.maxMs ?? Infinity);
  await reap();
  await Promise.all(
    (o.kinds ?? [...specs.keys()]).map((kind) => {
      const p = newPump(kind, { until, stats });
      fill(p);
      return p.idle.promise;
    }),
  );
  return stats;
}

// In process: one pump per kind, started by a kick and gone when it has nothing left to run.
const pumps = new Map<JobKind, Pump>();

export function kick(kind: JobKind): Promise<void> {
  if (!specs.has(kind)) return Promise.resolve();
  let p = pumps.get(kind);
  if (!p) {
    const made = newPump(kind, { onIdle: () => pumps.get(kind) === made && pumps.delete(kind) });
    pumps.set(kind, made);
    p = made;
  }
  fill(p);
  return p.idle.promise;
}

/** Jobs whose lease passed (their instance died mid-run) are queued again, attempts kept. */
async function reap(): Promise<number> {
  return db.$executeRawUnsafe(
    `UPDATE jobs SET status = 'queued', locked_until = NULL, updated_at = timezone('UTC', now())
     WHERE status = 'running' AND locked_until < timezone('UTC', now())`,
  );
}

/** The kinds with a job due now (one cheap statement for the poll, after the reap). */
async function dueKinds(): Promise<JobKind[]> {
  await reap();
  const rows = await db.$queryRawUnsafe<{ kind: JobKind }[]>(`SELECT DISTINCT kind FROM jobs WHERE status = 'queued' AND run_at <= timezone('UTC', now())`);
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
