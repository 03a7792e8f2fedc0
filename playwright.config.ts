// Browser tests of the dashboard in Debian's Chromium. The config starts the app itself:
// `npm run build` once (skipped with QUIRE_SKIP_BUILD=1 when the caller just built), then
// `npm start` on a free port with a fresh data directory, its output copied to a log file that
// the tests read magic links from. The directory is removed afterwards (QUIRE_E2E_KEEP=1 keeps it).
import { defineConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  throw new Error(
    `Chromium was not found at ${chromium}. The browser tests need it and never skip: ` +
      'install it with `apt-get install -y chromium`, or set CHROMIUM_PATH to a Chromium binary.',
  );
}

// Chosen once by the runner; its worker processes inherit the environment.
process.env.QUIRE_E2E_PORT ||= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
// The custom-domain spec's DNS server on loopback (e2e/domains.spec.ts starts it on this port).
process.env.QUIRE_E2E_DNS_PORT ||= execFileSync(process.execPath, [
  '-e',
  "const s=require('dgram').createSocket('udp4');s.bind(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
]).toString();
process.env.QUIRE_E2E_DATA_DIR ||= fs.mkdtempSync(path.join(os.tmpdir(), 'quire-e2e-'));

const port = process.env.QUIRE_E2E_PORT;
const dataDir = process.env.QUIRE_E2E_DATA_DIR;
const origin = `http://127.0.0.1:${port}`;
const serverLog = path.join(dataDir, 'server.log');
process.env.QUIRE_E2E_ORIGIN = origin;
process.env.QUIRE_E2E_LOG = serverLog;

const build = process.env.QUIRE_SKIP_BUILD === '1' ? '' : 'npm run build && ';

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // One spec at a time: the suite is CPU-bound on two cores (two at a time took 24.6 min against
  // 22.5, and starved the converter, which yields to a busy server); QUIRE_E2E_WORKERS changes it.
  fullyParallel: false,
  workers: Number(process.env.QUIRE_E2E_WORKERS) || 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.QUIRE_PLAYWRIGHT_JSON
    ? [['list'], ['json', { outputFile: process.env.QUIRE_PLAYWRIGHT_JSON }]]
    : [['list']],
  use: {
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
  },
  webServer: {
    command: `${build}npm start 2>&1 | tee -a "${serverLog}"`,
    url: `${origin}/signin`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: port,
      QUIRE_DATA_DIR: dataDir,
      NEXTAUTH_URL: origin,
      APP_URL: origin,
      API_BASE_URL: origin,
      NEXTAUTH_SECRET: 'quire-e2e-secret-not-for-production',
      QUIRE_VERIFY_OUTPUT: '1',
      // A converter is held stopped for at most 2 s while the server is busy (tests/support/server.ts says why).
      CONVERSION_YIELD_SECONDS: '2',
      // Magic links must go to the log, whatever the machine has configured.
      EMAIL_SERVER: '',
      EMAIL_FROM: '',
      NEXT_TELEMETRY_DISABLED: '1',
      // Webhooks to the tests' receivers on loopback, and retries within seconds (e2e/webhooks.spec.ts).
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '2,2',
      // Custom domains are verified against e2e/domains.spec.ts's DNS server.
      DNS_SERVERS: `127.0.0.1:${process.env.QUIRE_E2E_DNS_PORT}`,
      CUSTOM_DOMAIN_TARGET: 'cname.quire.test',
    },
  },
});
