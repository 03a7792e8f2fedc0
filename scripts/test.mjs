// npm test: type-check, build, the vitest suite (real HTTP against `next start`), then the
// browser tests (Playwright with the system Chromium). Prints one closing summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const bin = (name) => path.join('node_modules', '.bin', name);
const step = (title, cmd, args, extraEnv = {}) => {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
  return r.status ?? 1;
};
const fail = (msg) => {
  console.error(`\n✖ ${msg}`);
  console.log('0 passed, 1 failed');
  process.exit(1);
};

const only = process.argv.slice(2);
const want = (what) => only.length === 0 || only.includes(what);

// QUIRE_SKIP_TYPECHECK=1 when the caller has just checked the same tree (.ci/run's second pass).
if (!process.env.QUIRE_SKIP_TYPECHECK && step('type check', bin('tsc'), ['--noEmit']) !== 0) fail('type check failed');
if (!process.env.QUIRE_SKIP_BUILD && step('build', bin('next'), ['build'], { QUIRE_SKIP_TYPECHECK: '1' }) !== 0) fail('build failed');

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-reports-'));
let passed = 0;
let failed = 0;
let status = 0;

const vitest = (title, name, args) => {
  const out = path.join(reports, `${name}.json`);
  status |= step(title, bin('vitest'), ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  } else failed += 1;
};

if (want('unit')) vitest('vitest (API over HTTP, services, storage, rate limits)', 'vitest', []);
// `npm test -- api`: what a database or a server changes, for a second database or server. The
// unit project's pure functions answer the same whatever serves them; its database tests are kept.
if (!want('unit') && only.includes('api')) {
  vitest('vitest: the API suite', 'vitest-api', ['--project', 'api', '--project', 'api-serial']);
  vitest('vitest: the unit tests that touch the database', 'vitest-db', ['--project', 'unit', 'server/db/']);
}

if (want('e2e') && fs.existsSync('playwright.config.ts')) {
  const out = path.join(reports, 'playwright.json');
  status |= step('playwright (dashboard in Chromium)', bin('playwright'), ['test'], {
    QUIRE_SKIP_BUILD: '1',
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
    QUIRE_PLAYWRIGHT_JSON: out,
  });
  if (fs.existsSync(out)) {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    passed += r.stats?.expected ?? 0;
    failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
  } else failed += 1;
}

if (status !== 0 && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(status === 0 && failed === 0 ? 0 : 1);
