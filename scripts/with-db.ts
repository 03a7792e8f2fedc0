// Runs a command (next dev / next start) with a database: DATABASE_URL when set, otherwise the
// embedded PGlite under QUIRE_DATA_DIR, served from this process for the command's lifetime.
// Migrations are applied first either way.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { connectDatabase } from '../server/db/connect';
import { currentCompiledServer } from './build-once.mjs';
import { serverNodeOptions } from './serve-options.mjs';

async function main() {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) throw new Error('usage: with-db.ts <next|node script> [args...]');
  const db = await connectDatabase({ migrate: true });
  if (db.owned) console.log(`[quire] embedded database ready (${process.env.QUIRE_DATA_DIR || '.data'})`);
  const require = createRequire(__filename);
  // `next ...` runs Next's CLI; `serve` runs the production server: the build's compiled copy
  // with plain Node while the build is current (scripts/build-server.mjs), else scripts/serve.ts under tsx.
  const compiled = cmd === 'serve' ? currentCompiledServer(path.resolve(__dirname, '..')) : null;
  const argv =
    cmd === 'next'
      ? [require.resolve('next/dist/bin/next'), ...args]
      : compiled
        ? [compiled, ...args]
        : cmd === 'serve'
          ? [require.resolve('tsx/cli'), require.resolve('./serve.ts'), ...args]
          : [cmd, ...args];
  const child = spawn(process.execPath, argv, {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: cmd === 'serve' ? 'production' : process.env.NODE_ENV,
      ...(cmd === 'serve' ? { NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS) } : {}),
    },
  });
  const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('exit', async (code, signal) => {
    await db.stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
