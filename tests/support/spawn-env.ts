// useTestServerDatabase points a test worker's own process.env at the shared server's database
// (Prisma reads it there). What the worker spawns must not inherit that: a server of a test's own,
// with a data directory of its own, took DATABASE_URL and shared the suite's database, so the
// suite's server claimed its conversion jobs and failed them ("blob not found": the file was in
// the other's directory). Spawned processes get the environment the worker started with.
const KEY = Symbol.for('quire.tests.env-before-test-db');
const VARS = ['DATABASE_URL', 'QUIRE_DATA_DIR'] as const;
type Saved = Partial<Record<(typeof VARS)[number], string>>;

/** Called before the worker's process.env is changed for its own database client. */
export function rememberSpawnEnv(): void {
  const g = globalThis as { [KEY]?: Saved };
  g[KEY] ??= Object.fromEntries(VARS.map((k) => [k, process.env[k]]));
}

/** process.env as the worker started with it, then `layers` in order. */
export function spawnEnv(...layers: Array<Record<string, string | undefined> | undefined>): NodeJS.ProcessEnv {
  const saved = (globalThis as { [KEY]?: Saved })[KEY];
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (saved) for (const k of VARS) {
    if (saved[k] === undefined) delete env[k];
    else env[k] = saved[k];
  }
  for (const l of layers) Object.assign(env, l);
  return env;
}
