// Which API and which token a command uses, and keeping a config-file token fresh.
// Lookup order: --token, QUIRE_TOKEN, the config file; --api-url, QUIRE_API_URL, the config
// file, http://localhost:3000. Only config-file tokens are ever refreshed.
import { CliError, EXIT } from '../errors';
import { configPath, lockPath, readConfig, writeConfig, type Config } from './config';
import { withLock } from './lock';
import { refreshGrant, type TokenSet } from './oauth';

export const DEFAULT_API_URL = 'http://localhost:3000';
/** Refresh a config-file token when it expires within this window. */
export const REFRESH_WINDOW_MS = 24 * 60 * 60 * 1000;

export type GlobalOptions = { apiUrl?: string; token?: string; json?: boolean };
export type TokenSource = 'flag' | 'env' | 'config' | 'none';

export const trimUrl = (u: string) => u.replace(/\/+$/, '').replace(/\/v1$/, '');

export function resolveApiUrl(o: GlobalOptions, cfg = readConfig()): string {
  return trimUrl(o.apiUrl || process.env.QUIRE_API_URL || cfg.api_url || DEFAULT_API_URL);
}

export type RefreshFn = (cfg: Config) => Promise<TokenSet>;
const defaultRefresh: RefreshFn = (cfg) => {
  if (!cfg.refresh_token || !cfg.issuer) {
    return Promise.reject(new CliError('Your login has expired and cannot be refreshed; run `quire login` again.', EXIT.auth));
  }
  return refreshGrant(cfg.issuer, cfg.client_id ?? 'quire-cli', cfg.refresh_token);
};

/**
 * Refreshes the config file's tokens under the lock. `seen` is the access token the caller
 * holds: after taking the lock the file is read again, and if another process already replaced
 * that token the fresh one is used instead of spending the (rotating) refresh token twice.
 */
export async function refreshConfigTokens(
  seen: string | undefined,
  opts: { force: boolean; file?: string; lock?: string; refresh?: RefreshFn } = { force: false },
): Promise<Config> {
  const file = opts.file ?? configPath();
  return withLock(opts.lock ?? lockPath(), async () => {
    const cfg = readConfig(file);
    if (cfg.access_token !== seen) return cfg; // someone else refreshed (or logged out)
    if (!opts.force && !expiresSoon(cfg)) return cfg;
    const t = await (opts.refresh ?? defaultRefresh)(cfg);
    const next: Config = {
      ...cfg,
      access_token: t.access_token,
      refresh_token: t.refresh_token ?? cfg.refresh_token,
      expires_at: t.expires_at,
      scope: t.scope ?? cfg.scope,
    };
    writeConfig(next, file);
    return next;
  });
}

export const expiresSoon = (cfg: Config, now = Date.now()) => typeof cfg.expires_at === 'number' && cfg.expires_at - now < REFRESH_WINDOW_MS;

export class Session {
  readonly apiUrl: string;
  readonly source: TokenSource;
  private token: string | undefined;
  private refreshed = false;

  constructor(o: GlobalOptions) {
    const cfg = readConfig();
    this.apiUrl = resolveApiUrl(o, cfg);
    if (o.token) [this.source, this.token] = ['flag', o.token];
    else if (process.env.QUIRE_TOKEN) [this.source, this.token] = ['env', process.env.QUIRE_TOKEN];
    // A stored token is only ever sent to the API it was issued for.
    else if (cfg.access_token && (!cfg.api_url || trimUrl(cfg.api_url) === this.apiUrl)) [this.source, this.token] = ['config', cfg.access_token];
    else this.source = 'none';
  }

  /** Where the token came from, for `whoami`. */
  describeSource(): string {
    return { flag: '--token flag', env: 'QUIRE_TOKEN', config: configPath(), none: 'none' }[this.source];
  }

  /** The token to send; a config-file token close to expiry is refreshed first. */
  async accessToken(): Promise<string> {
    if (!this.token) {
      throw new CliError(`Not logged in to ${this.apiUrl}: run \`quire login\`, or pass --token / set QUIRE_TOKEN.`, EXIT.auth);
    }
    if (this.source === 'config' && !this.refreshed && expiresSoon(readConfig())) {
      await this.refresh(false).catch((e) => {
        const stillValid = (readConfig().expires_at ?? Infinity) > Date.now();
        if (!stillValid || (e as CliError).exitCode === EXIT.auth) throw e;
        process.stderr.write(`warning: could not refresh the token (${(e as Error).message}); using the current one\n`);
      });
    }
    return this.token;
  }

  /** After a 401: refresh once (config-file tokens only). True when a retry makes sense. */
  async refreshAfter401(): Promise<boolean> {
    if (this.source !== 'config' || this.refreshed) return false;
    await this.refresh(true);
    return true;
  }

  private async refresh(force: boolean) {
    this.refreshed = true;
    const cfg = await refreshConfigTokens(this.token, { force });
    if (!cfg.access_token) throw new CliError('You were logged out; run `quire login` again.', EXIT.auth);
    this.token = cfg.access_token;
  }
}
