// `prisma generate` without the native schema engine: generation does not use it, but the CLI
// insists on finding a binary, so point it at any existing file (see notes/stack.md).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let cli;
try {
  cli = require.resolve('prisma/build/index.js');
} catch {
  console.log('prisma CLI not installed (production install?); skipping generate');
  process.exit(0);
}
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const r = spawnSync(process.execPath, [cli, 'generate', '--schema', 'prisma/schema.prisma'], { stdio: 'inherit', env });
process.exit(r.status ?? 1);
