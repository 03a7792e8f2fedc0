// The production server (scripts/serve.ts) compiled with the app: `next build` runs this after its
// compile (next.config.ts), and `npm start` then runs .next/quire-server/serve.cjs with plain Node
// while the build is current (scripts/with-db.ts). Under tsx every module of the server was
// compiled at start with an inline source map that stayed in the heap, and tsx's loader hooks and
// source-mapped stacks stayed on; the garbage collector walked that larger heap under load
// (docs/decisions.md "The production server compiled at build"). Packages stay imports
// (node_modules, found from .next/ like the rest of the build); the project's modules are bundled.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { COMPILED_SERVER } from './build-once.mjs';
import { NODE_BUNDLE } from './build-workers.mjs';

const ENTRY = 'scripts/serve.ts';

// CommonJS, as tsx ran it (a package's default import follows its __esModule flag); the one
// import.meta.url (the Prisma client's) is made from the bundle's own path.
const BANNER = "const __quireImportMetaUrl = require('node:url').pathToFileURL(__filename).href;";

export async function buildServer(projectDir, distDir = path.join(projectDir, '.next')) {
  const file = path.join(distDir, COMPILED_SERVER);
  const outdir = path.dirname(file);
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: projectDir,
    entryPoints: [{ in: ENTRY, out: path.basename(file, '.cjs') }],
    outdir,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    ...NODE_BUNDLE,
    banner: { js: BANNER },
    define: { 'import.meta.url': '__quireImportMetaUrl' },
  });
  return file;
}

// By hand: `node scripts/build-server.mjs` (no top-level await: next.config.ts may require() it).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  buildServer(root).then((file) => console.log(`[quire] the server compiled into ${path.relative(root, file)}`));
}
