// Starts what the suite talks to over real HTTP: the built app on a fresh database (embedded
// PGlite, or a scratch database on DATABASE_URL's server) and a loopback file server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PDFDocument } from 'pdf-lib';
import { createScratchDatabase } from './support/database';
import { startFixtureServer } from './support/fixtures';
import { brandFixtureFiles } from './support/images';
import { startServer } from './support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    serverPid: number;
    fixturesOrigin: string;
    serverEnv: Record<string, string>;
    tmpDir: string;
  }
}

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function pdf(pages: number) {
  const d = await PDFDocument.create();
  for (let i = 0; i < pages; i++) d.addPage();
  return Buffer.from(await d.save());
}

export default async function setup(project: TestProject) {
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-test-'));
  const fixtures = await startFixtureServer({
    '/deck.pdf': { body: await pdf(3), type: 'application/pdf' },
    '/mislabelled.pdf': { body: await pdf(2), type: 'application/octet-stream' },
    '/logo.png': { body: PNG_1X1, type: 'image/png' },
    '/fake.pdf': { body: 'this is not a pdf at all', type: 'application/pdf' },
    '/page.html': { body: '<!doctype html><html><body>hi</body></html>', type: 'text/html' },
    '/notes.txt': { body: 'plain text notes\n', type: 'text/plain' },
    '/big.pdf': { body: Buffer.alloc(3 * 1024 * 1024, 0x25), type: 'application/pdf' },
    ...(await brandFixtureFiles()),
  });

  let drop: (() => Promise<void>) | null = null;
  const env: Record<string, string> = {
    QUIRE_DATA_DIR: path.join(tmpDir, 'data'),
    QUIRE_UNSAFE_FETCH_ALLOW: fixtures.origin,
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_ANALYTICS_PER_MINUTE: '1000000',
    MAX_UPLOAD_BYTES: String(2 * 1024 * 1024),
    MAX_PENDING_UPLOAD_BYTES: String(100 * 1024 * 1024),
    // tests/visitor-uploads.test.ts reaches both of a visitor's daily limits.
    VISITOR_UPLOADS_PER_DAY: '6',
    VISITOR_UPLOAD_BYTES_PER_DAY: String(3 * 1024 * 1024),
    // Every test visitor comes from 127.0.0.1: the per-address code budget would be shared.
    VIEWER_CODE_SENDS_PER_ADDRESS: '100000',
    VIEWER_EMAIL_STEPS_PER_ADDRESS: '100000',
    VIEWER_SESSIONS_PER_ADDRESS: '100000',
    VIEWER_EVENT_BATCHES_PER_SESSION: '100000',
    VIEWER_EVENT_BATCHES_PER_ADDRESS: '100000',
    // The same for OAuth client registrations (tests/rate-limit.test.ts checks the limit itself).
    OAUTH_REGISTRATIONS_PER_HOUR: '100000',
    // Low, so tests/link-invitations.test.ts reaches the daily cap (each test team has its own).
    INVITATIONS_PER_TEAM_PER_DAY: '40',
    // Webhook receivers in the tests are loopback node:http servers; retries come after 1 s.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1,1,1',
    // One-time codes and notifications go to the log, whatever the machine has configured.
    EMAIL_SERVER: '',
    EMAIL_FROM: '',
  };
  if (process.env.DATABASE_URL) {
    // One database per project: the api and api-serial projects each start a server in this process.
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, `quire_test_${process.pid}_${project.name.replace(/\W/g, '_')}`);
    env.DATABASE_URL = scratch.url;
    drop = scratch.drop;
  }
  const server = await startServer(env, { logFile: path.join(tmpDir, 'server.log') });
  console.log(`[tests] app at ${server.url} on ${env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'} (log ${server.logFile})`);

  project.provide('baseUrl', server.url);
  project.provide('serverPid', server.pid);
  project.provide('fixturesOrigin', fixtures.origin);
  project.provide('serverEnv', env);
  project.provide('tmpDir', tmpDir);

  return async () => {
    await server.stop();
    await fixtures.close();
    if (drop) await drop();
    if (!process.env.QUIRE_KEEP_TEST_DATA) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
