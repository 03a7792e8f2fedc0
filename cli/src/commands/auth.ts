// login (OAuth 2.1 device flow), logout (revokes), whoami (GET /v1/me).
import { spawn } from 'node:child_process';
import { Command } from 'commander';
import * as oidc from 'openid-client';
import { configPath, lockPath, readConfig, writeConfig } from '../auth/config';
import { withLock } from '../auth/lock';
import { CLI_CLIENT_ID, DEFAULT_SCOPES, discoveryUrl, oauthError, oidcConfig, toTokenSet } from '../auth/oauth';
import { resolveApiUrl, Session } from '../auth/session';
import { createApi, unwrap, type Api } from '../api/client';
import { CliError, EXIT } from '../errors';
import { formatObject, note, printJson, printResult } from '../output';
import { context, withGlobals } from './context';

type Me = Awaited<ReturnType<typeof me>>;
const me = (api: Api) => unwrap(api.typed.GET('/me'));

function openBrowser(url: string) {
  const [cmd, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(cmd, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {}
}

const when = (v: number | string | null | undefined) => (v === null || v === undefined ? 'never' : new Date(v).toISOString());

function describeMe(me: Me, source: string) {
  return formatObject({
    team: `${me.team.name} (${me.team.slug}, ${me.team.id})`,
    plan: me.team.plan,
    user: me.user?.email ?? '(none: a dashboard token)',
    kind: me.kind,
    scopes: me.scopes.join(' '),
    expires: when(me.expires_at),
    token: source,
  });
}

async function login(cmd: Command) {
  const o = cmd.optsWithGlobals() as { apiUrl?: string; json?: boolean; scopes?: string; browser: boolean };
  const apiUrl = resolveApiUrl(o);
  const scopes = (o.scopes ?? DEFAULT_SCOPES).split(/[\s,]+/).filter(Boolean);
  if (!scopes.includes('offline_access')) scopes.push('offline_access'); // so the CLI can refresh
  const config = await oidcConfig(await discoveryUrl(apiUrl), CLI_CLIENT_ID);
  let tokens;
  try {
    const device = await oidc.initiateDeviceAuthorization(config, { scope: scopes.join(' ') });
    const url = device.verification_uri_complete ?? device.verification_uri;
    note(`Code: ${device.user_code}`);
    note(`Open: ${url}`);
    if (!o.json) note('Waiting for approval in the browser…');
    if (o.browser) openBrowser(url);
    tokens = toTokenSet(await oidc.pollDeviceAuthorizationGrant(config, device));
  } catch (e) {
    throw oauthError(e, 'Login');
  }
  await withLock(lockPath(), async () => {
    writeConfig({
      ...readConfig(),
      api_url: apiUrl,
      issuer: config.serverMetadata().issuer,
      client_id: CLI_CLIENT_ID,
      ...tokens,
    });
  });
  // Ask with the new token, whatever QUIRE_TOKEN says.
  const info = await me(createApi(new Session({ apiUrl, token: tokens.access_token })));
  if (o.json) return printJson({ logged_in: true, api_url: apiUrl, config: configPath(), scope: tokens.scope, expires_at: tokens.expires_at, me: info });
  note(`Logged in to ${apiUrl}.`);
  printResult(describeMe(info, configPath()), {});
}

async function logout(cmd: Command) {
  const o = cmd.optsWithGlobals() as { json?: boolean };
  const warnings: string[] = [];
  const before = readConfig();
  if (before.issuer && (before.refresh_token || before.access_token)) {
    try {
      const config = await oidcConfig(before.issuer, before.client_id ?? CLI_CLIENT_ID);
      // The refresh token first: revoking it ends the whole grant.
      if (before.refresh_token) await oidc.tokenRevocation(config, before.refresh_token, { token_type_hint: 'refresh_token' });
      if (before.access_token) await oidc.tokenRevocation(config, before.access_token, { token_type_hint: 'access_token' });
    } catch (e) {
      warnings.push(`could not revoke the tokens at the issuer (${(e as Error).message}); they were removed from this machine only`);
    }
  }
  await withLock(lockPath(), async () => {
    const cfg = readConfig();
    for (const k of ['access_token', 'refresh_token', 'expires_at', 'scope'] as const) delete cfg[k];
    writeConfig(cfg);
  });
  for (const w of warnings) note(`warning: ${w}`);
  const had = !!(before.access_token || before.refresh_token);
  if (process.env.QUIRE_TOKEN) note('note: QUIRE_TOKEN is still set in the environment');
  if (o.json) return printJson({ logged_out: had, revoked: had && warnings.length === 0 });
  note(had ? `Logged out (${configPath()}).` : 'Not logged in.');
}

async function whoami(cmd: Command) {
  const ctx = context(cmd);
  let info: Me;
  try {
    info = await me(ctx.api);
  } catch (e) {
    if (e instanceof CliError && e.exitCode === EXIT.notFound) {
      throw new CliError(`${ctx.session.apiUrl} does not answer GET /v1/me (an older server?)`, EXIT.error, e.envelope);
    }
    throw e;
  }
  if (ctx.opts.json) return printJson({ ...info, token_source: ctx.session.source, api_url: ctx.session.apiUrl });
  printResult(describeMe(info, ctx.session.describeSource()), {});
}

export function authCommands(program: Command) {
  withGlobals(
    program
      .command('login')
      .description('Log in through the browser (OAuth device flow) and store the tokens in the config file')
      .option('--scopes <list>', `scopes to request, comma or space separated (default "${DEFAULT_SCOPES}"; offline_access is always added)`)
      .option('--no-browser', 'do not open a browser; open the printed URL yourself'),
  ).action((_o, cmd: Command) => login(cmd));
  withGlobals(program.command('logout').description('Revoke the stored tokens and remove them from the config file')).action((_o, cmd: Command) =>
    logout(cmd),
  );
  withGlobals(program.command('whoami').description('Show the team, user, scopes and expiry of the token in use, and where it came from')).action(
    (_o, cmd: Command) => whoami(cmd),
  );
}
