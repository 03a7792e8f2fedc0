// The config file: <config dir>/config.json, where the config dir is $QUIRE_CONFIG_DIR or the
// user's config directory for "quire" (env-paths: ~/.config/quire on Linux, ~/Library/Preferences/
// quire on macOS, %APPDATA%\quire\Config on Windows). Mode 0600, written atomically (temp file in
// the same directory, fsync, rename), so a crash or a concurrent reader never sees half a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import envPaths from 'env-paths';
import { CliError } from '../errors';

export type Config = {
  api_url?: string;
  /** The OAuth issuer the tokens came from (discovery at {issuer}/.well-known/openid-configuration). */
  issuer?: string;
  client_id?: string;
  access_token?: string;
  refresh_token?: string;
  /** Unix milliseconds; null when the token does not expire. */
  expires_at?: number | null;
  scope?: string;
};

export const configDir = () => process.env.QUIRE_CONFIG_DIR || envPaths('quire', { suffix: '' }).config;
export const configPath = () => path.join(configDir(), 'config.json');
export const lockPath = () => path.join(configDir(), 'config.lock');

export function readConfig(file = configPath()): Config {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw e;
  }
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
  } catch {
    throw new CliError(`${file} is not valid JSON; fix or delete it (then run \`quire login\`).`);
  }
}

export function writeConfig(config: Config, file = configPath()): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  const fd = fs.openSync(tmp, 'wx', 0o600);
  try {
    fs.fchmodSync(fd, 0o600); // whatever the umask
    fs.writeFileSync(fd, JSON.stringify(config, null, 2) + '\n');
    fs.fsyncSync(fd);
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  fs.closeSync(fd);
  fs.renameSync(tmp, file);
  try {
    const dfd = fs.openSync(dir, 'r'); // make the rename itself durable (not possible on Windows)
    fs.fsyncSync(dfd);
    fs.closeSync(dfd);
  } catch {}
}
