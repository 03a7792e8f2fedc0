// Room archives are built outside the request that asked for them: right after the answer
// (woken by the service), by this process's poller (a crashed build's lease passing, a wake-up
// that went to another instance), and on Vercel by its cron route.
import { afterResponse } from '../lib/after-response';
import { onWake } from '../lib/wake';
import { buildQueuedExports } from '../services/datarooms/export-builds';

export const drainExports = () => buildQueuedExports();

export function registerExportBuilds() {
  onWake('exports', () => afterResponse('room archive', drainExports));
}
