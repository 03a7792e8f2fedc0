// `npm start` runs this first: when there is no production build, or the code changed after the
// last one, it builds once (saying so, with how long that takes) so that every page after it is
// served fast. A fresh `next build`, however it was started (npm test, the browser tests, by
// hand), counts as current: the check compares the build's BUILD_ID file with the newest file the
// build reads, so nothing builds twice.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What `next build` reads (tests, docs, e2e and the generated Prisma client are left out). */
const INPUT_DIRS = ['app', 'components', 'lib', 'server', 'public', 'prisma'];
const INPUT_FILES = ['next.config.ts', 'proxy.ts', 'instrumentation.ts', 'tsconfig.json', 'postcss.config.mjs', 'package.json', 'package-lock.json', 'scripts/serve.ts'];
const SKIP_DIRS = new Set(['node_modules', 'generated', 'migrations']);
const SKIP_FILE = /\.(test\.tsx?|md)$/;
/** Measured on the 2-core development machine (docs/benchmarks.md, "First run"). */
const ABOUT = 'about 1 to 2 minutes on 2 cores';

/** The newest input file, or null when none is newer than `since` (ms). */
export function newerInput(root, since) {
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return null;
    }
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) {
        if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
        const hit = visit(path.join(p, name));
        if (hit) return hit;
      }
      return null;
    }
    return !SKIP_FILE.test(p) && st.mtimeMs > since ? p : null;
  };
  for (const entry of [...INPUT_DIRS, ...INPUT_FILES]) {
    const hit = visit(path.join(root, entry));
    if (hit) return path.relative(root, hit);
  }
  return null;
}

/** Why a build is needed, or null when the one in `.next` is current. */
export function buildNeeded(root) {
  let built;
  try {
    built = fs.statSync(path.join(root, '.next', 'BUILD_ID')).mtimeMs;
  } catch {
    return { reason: 'none', message: `Building Quire once (${ABOUT}); later starts skip this until the code changes…` };
  }
  const changed = newerInput(root, built);
  return changed ? { reason: 'stale', message: `The code changed since the last build (${changed}): building Quire again (${ABOUT})…` } : null;
}

/** Where the build puts the compiled production server (scripts/build-server.mjs), under .next/. */
export const COMPILED_SERVER = path.join('quire-server', 'serve.cjs');

/**
 * The compiled production server when it and the build are current (no input newer than either),
 * else null: `npm start` then runs scripts/serve.ts under tsx, so an edit since the build is served.
 */
export function currentCompiledServer(root) {
  const file = path.join(root, '.next', COMPILED_SERVER);
  let since;
  try {
    // One walk of the inputs against the older of the two.
    since = Math.min(fs.statSync(path.join(root, '.next', 'BUILD_ID')).mtimeMs, fs.statSync(file).mtimeMs);
  } catch {
    return null;
  }
  return newerInput(root, since) === null ? file : null;
}

function main() {
  if (process.env.QUIRE_START_NO_BUILD === '1') return;
  const need = buildNeeded(ROOT);
  if (!need) return;
  console.log(`\n[quire] ${need.message}\n`);
  const started = Date.now();
  // The build's own type check is skipped: `npm test` and CI type-check separately.
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, QUIRE_SKIP_TYPECHECK: '1', NEXT_TELEMETRY_DISABLED: '1' } });
  if (r.status !== 0) {
    console.error('\n[quire] The build failed (its output is above); fix it and run `npm start` again.');
    process.exit(r.status ?? 1);
  }
  console.log(`\n[quire] Built in ${Math.round((Date.now() - started) / 1000)} s. Starting…\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
