// The bare baselines' server lifecycle (bench/baseline.ts, bench/viewer-baseline.ts): keep-alive
// like the app, listen on loopback, and stop cleanly on SIGTERM/SIGINT.
import type http from 'node:http';
import type pg from 'pg';

export function runBare(server: http.Server, pool: pg.Pool, defaultPort: number, label: string) {
  server.keepAliveTimeout = 65_000;
  const port = Number(process.env.PORT) || defaultPort;
  server.listen(port, '127.0.0.1', () => console.log(`${label} on http://127.0.0.1:${port}`));
  const stop = () => {
    server.close();
    server.closeAllConnections();
    pool.end().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
