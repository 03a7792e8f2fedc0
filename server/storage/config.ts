import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { config } from '../config';

/** Absolute data directory: `QUIRE_DATA_DIR`, or `<cwd>/.data`. */
export const dataDir = (): string => config.dataDir;

const generated = new Map<string, string>();

/**
 * The app-wide signing secret: `QUIRE_SECRET`, `NEXTAUTH_SECRET`, or a random secret
 * created once under the data dir so that dev needs no configuration.
 */
export function appSecret(): string {
  const fromEnv = config.secret;
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir(), 'secret');
  let secret = generated.get(file);
  if (!secret) {
    secret = readOrCreateSecret(file);
    generated.set(file, secret);
  }
  return secret;
}

function readOrCreateSecret(file: string): string {
  const existing = readSecret(file);
  if (existing) return existing;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Write a complete temp file, then hard-link it into place: link() fails if another
  // process won the race, and readers never see a half-written secret.
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`secret file ${file} is empty`);
  return secret;
}

function readSecret(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim() || null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
