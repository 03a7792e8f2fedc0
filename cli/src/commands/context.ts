// What every command shares: the global options, and a Session and Api built from them.
import { Command, Option } from 'commander';
import { createApi, type Api } from '../api/client';
import { Session, type GlobalOptions } from '../auth/session';

/** --api-url, --token and --json, accepted on every command (and before it). */
export function withGlobals(cmd: Command): Command {
  return cmd
    .addOption(new Option('--api-url <url>', 'API base URL (env QUIRE_API_URL, else the config file, else http://localhost:3000)'))
    .addOption(new Option('--token <token>', 'API token (env QUIRE_TOKEN, else the config file\'s login)'))
    .addOption(new Option('--json', 'print the API\'s JSON on stdout and nothing else'));
}

export type Ctx = { opts: GlobalOptions & Record<string, unknown>; session: Session; api: Api };

export function context(cmd: Command): Ctx {
  const opts = cmd.optsWithGlobals() as Ctx['opts'];
  const session = new Session(opts);
  return { opts, session, api: createApi(session) };
}
