// Redactions on the one queue: a `redaction.apply` job per apply, written with the redaction's
// `applying` (server/services/redactions/apply.ts does the work). One at a time per process: its
// pages share the render threads with visitors.
import type { EventActor } from '../services/events/emit';
import { giveUpRedaction, runRedaction } from '../services/redactions/apply';
import { defineJobKind, exponentialBackoff } from './queue';

export function registerRedactionJobs() {
  defineJobKind('redaction.apply', {
    run: (job) => runRedaction(job.ref!, (job.payload as { actor: EventActor }).actor),
    concurrency: 1,
    leaseMs: 120_000,
    maxAttempts: 3,
    backoffMs: exponentialBackoff,
    onGiveUp: (job, error) => giveUpRedaction(job.ref!, error),
  });
}
