// Room archives on the one queue: a `dataroom.export` job per archive asked for, written with its
// row. One build at a time per process; a build that fails is tried again, three times in all,
// then the archive is failed (the dashboard offers to ask again).
import { buildExport, failExport } from '../services/datarooms/export-builds';
import { defineJobKind, exponentialBackoff } from './queue';

export function registerExportJobs() {
  defineJobKind('dataroom.export', {
    run: (job) => buildExport(job.ref!),
    concurrency: 1,
    leaseMs: 60_000,
    maxAttempts: 3,
    backoffMs: exponentialBackoff,
    onGiveUp: (job) => failExport(job.ref!),
  });
}
