// The worker threads' modules (server/lib/worker-pool.ts), compiled with the app: `next build`
// runs this after its compile (next.config.ts, compiler.runAfterProductionCompile). A thread of a
// production server then imports plain JavaScript from .next/quire-workers/ and never loads tsx,
// whose loader rewrote pdf.js's 2 MB modules with source maps that stayed in memory (about 70 MB
// more per render thread; docs/decisions.md "Worker modules compiled at build"). Packages stay
// imports (node_modules, found from .next/ like the rest of the build); the project's own
// modules are bundled in.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Every module a WorkerPool runs (its `module`), from the project root. */
export const WORKER_MODULES = ['server/media/render-jobs.ts', 'server/services/conversion/prepare-jobs.ts'];

export const WORKERS_DIR = 'quire-workers';

/** What every server-side bundle shares (this one and scripts/build-server.mjs's). */
export const NODE_BUNDLE = { bundle: true, platform: 'node', target: 'node24', packages: 'external', sourcemap: 'linked', logLevel: 'warning' };

export async function buildWorkers(projectDir, distDir = path.join(projectDir, '.next'), modules = WORKER_MODULES) {
  const outdir = path.join(distDir, WORKERS_DIR);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: projectDir,
    entryPoints: modules.map((m) => ({ in: m, out: m.replace(/\.ts$/, '') })),
    outdir,
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    ...NODE_BUNDLE,
  });
}

// By hand: `node scripts/build-workers.mjs` (next.config.ts loads this file with require(), so no
// top-level await).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  buildWorkers(root).then(() => console.log(`[quire] worker modules compiled into .next/${WORKERS_DIR}/`));
}
