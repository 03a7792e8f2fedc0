// quire: the command-line client of the Quire API. main() builds the commands, runs one, and
// returns the exit code (errors: message and doc_url on stderr, never on stdout).
import { VERSION } from './version';
import { Command, CommanderError } from 'commander';
import { authCommands } from './commands/auth';
import { buildGroup, buildOp } from './commands/build';
import { withGlobals } from './commands/context';
import { apiCommand, fileCommands } from './commands/files';
import { mcpCommand } from './commands/mcp';
import { roomIndexCommand } from './commands/room-index';
import { GROUPS, TOP_LEVEL } from './commands/table';
import { CliError, EXIT } from './errors';

const EXIT_HELP = `
Exit codes:
  0  success
  1  API or other error (400, 409, 422, 5xx, …)
  2  usage error (unknown command or option, missing argument, bad value)
  3  not logged in, or 401 (the token is invalid, expired or revoked)
  4  403 forbidden (missing scope, plan restriction, frozen data room)
  5  404 not found
  6  429 rate limited (or 503) after 3 retries
  7  network error (the API or the issuer cannot be reached)

Environment:
  QUIRE_API_URL     API base URL (default http://localhost:3000)
  QUIRE_TOKEN       API token (a dashboard token or an OAuth access token)
  QUIRE_CONFIG_DIR  directory of config.json (default: the user's config dir + /quire)
`;

export function buildProgram(): Command {
  const program = withGlobals(new Command('quire'))
    .description('The Quire API from the command line: documents, folders, data rooms, links, visitors, analytics.')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', EXIT_HELP);
  
  authCommands(program);
  const groups = new Map(GROUPS.map((g) => [g.name, buildGroup(program, g)]));
  for (const def of TOP_LEVEL) buildOp(program, def);
  const documents = groups.get('documents')!;
  fileCommands(documents, documents.commands.find((c) => c.name() === 'versions')!);
  roomIndexCommand(groups.get('datarooms')!);
  apiCommand(program);
  mcpCommand(program);
  // Usage errors anywhere exit 2; every command and group shares the settings.
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const c of all(program)) c.exitOverride().configureOutput({ writeOut: (s) => process.stdout.write(s), writeErr: (s) => process.stderr.write(s) });
  return program;
}

function report(e: unknown, json: boolean): number {
  if (e instanceof CommanderError) {
    // --help and --version exit 0; a group run without a subcommand shows its help with 1: usage.
    return e.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  if (e instanceof CliError) {
    if (json && e.envelope) process.stderr.write(JSON.stringify(e.envelope) + '\n');
    else {
      process.stderr.write(`Error: ${e.message}\n`);
      const details = e.envelope?.error.details as { formErrors?: string[]; fieldErrors?: Record<string, string[]> } | null | undefined;
      for (const f of details?.formErrors ?? []) if (f !== e.message) process.stderr.write(`  ${f}\n`);
      for (const [k, v] of Object.entries(details?.fieldErrors ?? {})) {
        const line = `${k}: ${v.join('; ')}`;
        if (line !== e.message) process.stderr.write(`  ${line}\n`);
      }
      if (e.envelope?.error.doc_url) process.stderr.write(`See ${e.envelope.error.doc_url}\n`);
    }
    return e.exitCode;
  }
  process.stderr.write(`Error: ${(e as Error)?.stack ?? String(e)}\n`);
  return EXIT.error;
}

export async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  // `quire … | head`: a closed pipe ends the output, not the process with a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  try {
    await buildProgram().parseAsync(argv);
    return EXIT.ok;
  } catch (e) {
    return report(e, json);
  }
}
