// Removes the run's temporary data directory (database, blobs, server log) unless
// QUIRE_E2E_KEEP=1 asks to keep it for a look at the server log.
import fs from 'node:fs';

export default async function teardown() {
  const dir = process.env.QUIRE_E2E_DATA_DIR;
  if (!dir || process.env.QUIRE_E2E_KEEP === '1') return;
  fs.rmSync(dir, { recursive: true, force: true });
}
