// The write side of the one queue for background work (DESIGN.md "One queue for background
// work"; the engine that runs jobs is server/jobs/queue.ts). A service enqueues a job in the
// transaction of the change that causes it, so the change and its job commit together or not at
// all; whoever listens (the engine, in a server process) hears of it only after that commit.
import { newId } from '../ids';
import type { Db, Tx } from './client';
import { afterCommit } from './tx-client';

export const JOB_KINDS = ['webhook.delivery', 'conversion', 'text.extract', 'dataroom.export', 'mail', 'agreement.receipt', 'domain.check', 'redaction.apply', 'digest', 'sso.metadata'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export type NewJob = {
  kind: JobKind;
  /** The row the job works on (a delivery, a version, an archive, an acceptance). */
  ref?: string | null;
  teamId?: string | null;
  /** Jobs of one group (a webhook endpoint) are capped in flight together. */
  group?: string | null;
  /** Data the handler needs that no row holds (a mail's text, sealed by the caller when secret). */
  payload?: unknown;
  /** Not before this many milliseconds from now (database clock). */
  delayMs?: number;
};

const INSERT = `
  INSERT INTO jobs (id, kind, ref, team_id, group_key, payload, status, run_at, created_at, updated_at)
  SELECT 'job_' || j.id, j.kind, j.ref, j.team_id, j.group_key, j.payload::jsonb, 'queued',
    timezone('UTC', now()) + j.delay_ms * interval '1 millisecond', timezone('UTC', now()), timezone('UTC', now())
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[])
    AS j(id, kind, ref, team_id, group_key, payload, delay_ms)`;

type Listener = (kinds: ReadonlySet<JobKind>) => void;
const KEY = Symbol.for('quire.jobs.listeners');
const listeners: Set<Listener> = ((globalThis as Record<symbol, unknown>)[KEY] as Set<Listener>) ?? new Set();
(globalThis as Record<symbol, unknown>)[KEY] = listeners;

/** The engine of this process hears of new jobs here (after their transaction committed). */
export function onJobsQueued(listener: Listener): void {
  listeners.add(listener);
}

export function announce(kinds: ReadonlySet<JobKind>): void {
  for (const l of listeners) {
    try {
      l(kinds);
    } catch (e) {
      console.error('[quire] starting queued jobs failed:', e);
    }
  }
}

/** Writes the jobs in `tx` (or on their own with `db`); they start once that has committed. */
export async function enqueue(tx: Tx | Db, jobs: NewJob | NewJob[]): Promise<void> {
  const list = Array.isArray(jobs) ? jobs : [jobs];
  if (!list.length) return;
  await tx.$executeRawUnsafe(
    INSERT,
    list.map(() => newId()),
    list.map((j) => j.kind),
    list.map((j) => j.ref ?? null),
    list.map((j) => j.teamId ?? null),
    list.map((j) => j.group ?? null),
    list.map((j) => (j.payload === undefined ? null : JSON.stringify(j.payload))),
    list.map((j) => Math.max(0, Math.round(j.delayMs ?? 0))),
  );
  const kinds = new Set(list.map((j) => j.kind));
  afterCommit(tx, () => announce(kinds));
}

/**
 * The SQL that enqueues one job per row a statement's CTE named `src_jobs` returns (columns
 * kind, ref, team_id, group_key): for statements that write the rows and their jobs at once
 * (emit()'s webhook deliveries). The caller announces the kind after commit.
 */
export const INSERT_JOBS_FROM = (cte: string) => `
  INSERT INTO jobs (id, kind, ref, team_id, group_key, status, run_at, created_at, updated_at)
  SELECT 'job_' || replace(gen_random_uuid()::text, '-', ''), s.kind, s.ref, s.team_id, s.group_key, 'queued',
    timezone('UTC', now()), timezone('UTC', now()), timezone('UTC', now())
  FROM ${cte} s`;
