// The config file and its lock: atomic 0600 writes, one refresh when two run at once (in one
// process and across two processes), stale locks broken.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig, writeConfig } from './config';
import { withLock } from './lock';
import { refreshConfigTokens } from './session';

const run = promisify(execFile);
let dir: string;
let file: string;
let lock: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-lock-'));
  file = path.join(dir, 'config.json');
  lock = path.join(dir, 'config.lock');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('config file', () => {
  it('is written with mode 0600 and leaves no temp file behind', () => {
    const old = process.umask(0o022);
    try {
      writeConfig({ access_token: 'a' }, file);
      writeConfig({ access_token: 'b' }, file);
    } finally {
      process.umask(old);
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readConfig(file)).toEqual({ access_token: 'b' });
    expect(fs.readdirSync(dir)).toEqual(['config.json']);
  });

  it('reads a missing file as empty', () => {
    expect(readConfig(path.join(dir, 'none.json'))).toEqual({});
  });
});

describe('lock', () => {
  it('runs holders one at a time', async () => {
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        withLock(lock, async () => {
          most = Math.max(most, ++inside);
          await sleep(20);
          inside--;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('breaks a stale lock, but waits for a fresh one', async () => {
    fs.writeFileSync(lock, 'crashed');
    const old = (Date.now() - 60_000) / 1000;
    fs.utimesSync(lock, old, old);
    expect(await withLock(lock, async () => 'ran', { staleMs: 30_000 })).toBe('ran');

    fs.writeFileSync(lock, 'busy');
    await expect(withLock(lock, async () => 'ran', { staleMs: 30_000, timeoutMs: 300 })).rejects.toThrow(/Timed out/);
  });

  it('releases the lock when the holder throws', async () => {
    await expect(withLock(lock, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(fs.existsSync(lock)).toBe(false);
  });
});

describe('refresh under the lock', () => {
  const seed = () => writeConfig({ issuer: 'http://issuer.invalid', access_token: 'old-access', refresh_token: 'rt-1', expires_at: Date.now() + 1000 }, file);

  it('two concurrent refreshes spend the refresh token once and both get the new tokens', async () => {
    seed();
    const used: string[] = [];
    const refresh = async (cfg: { refresh_token?: string }) => {
      used.push(cfg.refresh_token!);
      await sleep(100);
      return { access_token: `access-${used.length}`, refresh_token: `rt-${used.length + 1}`, expires_at: Date.now() + 90 * 86400_000 };
    };
    const [a, b] = await Promise.all([
      refreshConfigTokens('old-access', { force: false, file, lock, refresh }),
      refreshConfigTokens('old-access', { force: false, file, lock, refresh }),
    ]);
    expect(used).toEqual(['rt-1']);
    expect(a.access_token).toBe('access-1');
    expect(b.access_token).toBe('access-1');
    expect(readConfig(file)).toMatchObject({ access_token: 'access-1', refresh_token: 'rt-2' });
  });

  it('across two processes: one refresh', async () => {
    seed();
    const calls = path.join(dir, 'calls.log');
    const script = path.join(dir, 'refresh.mts');
    fs.writeFileSync(
      script,
      `import fs from 'node:fs';
import { refreshConfigTokens } from ${JSON.stringify(path.resolve(__dirname, 'session.ts'))};
const cfg = await refreshConfigTokens('old-access', {
  force: true, file: ${JSON.stringify(file)}, lock: ${JSON.stringify(lock)},
  refresh: async (c) => {
    fs.appendFileSync(${JSON.stringify(calls)}, process.pid + ' ' + c.refresh_token + '\\n');
    await new Promise((r) => setTimeout(r, 300));
    return { access_token: 'access-' + process.pid, refresh_token: 'rt-' + process.pid, expires_at: null };
  },
});
console.log(cfg.access_token);`,
    );
    const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
    const [a, b] = await Promise.all([run(tsx, [script]), run(tsx, [script])]);
    expect(fs.readFileSync(calls, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(a.stdout.trim()).toBe(b.stdout.trim());
    expect(readConfig(file).access_token).toBe(a.stdout.trim());
  }, 30_000);

  it('does not refresh a token that is not close to expiry unless forced', async () => {
    writeConfig({ access_token: 'fresh', refresh_token: 'rt', expires_at: Date.now() + 30 * 86400_000 }, file);
    const refresh = async () => {
      throw new Error('should not be called');
    };
    expect((await refreshConfigTokens('fresh', { force: false, file, lock, refresh })).access_token).toBe('fresh');
  });
});
