// A lock file held while the tokens are refreshed: refresh tokens rotate and the issuer revokes
// the whole grant when an old one is reused, so two processes must never refresh at once.
// `open(path, 'wx')` creates the file only if it does not exist; a lock older than `staleMs`
// (a crashed holder) is broken.
import fs from 'node:fs';
import path from 'node:path';
import { CliError } from '../errors';

export type LockOptions = { staleMs?: number; timeoutMs?: number; pollMs?: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tryCreate(file: string): boolean {
  try {
    const fd = fs.openSync(file, 'wx', 0o600);
    fs.writeSync(fd, `${process.pid} ${new Date().toISOString()}\n`);
    fs.closeSync(fd);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/** Removes the lock if it is stale. Renaming first means only one waiter breaks a given lock. */
function breakIfStale(file: string, staleMs: number): void {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return;
  }
  if (Date.now() - st.mtimeMs <= staleMs) return;
  const aside = `${file}.stale.${process.pid}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // another waiter broke it first
  }
  // Between our stat and rename another process may have taken a fresh lock: put it back.
  try {
    if (Date.now() - fs.statSync(aside).mtimeMs <= staleMs) {
      try {
        fs.linkSync(aside, file);
      } catch {}
    }
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

export async function withLock<T>(file: string, fn: () => Promise<T>, opts: LockOptions = {}): Promise<T> {
  const { staleMs = 30_000, timeoutMs = 60_000, pollMs = 50 } = opts;
  const deadline = Date.now() + timeoutMs;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  while (!tryCreate(file)) {
    breakIfStale(file, staleMs);
    if (Date.now() > deadline) throw new CliError(`Timed out waiting for the lock ${file}; delete it if no other quire is running.`);
    await sleep(pollMs + Math.random() * pollMs);
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(file, { force: true });
  }
}
