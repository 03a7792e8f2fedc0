// `npm start`'s build-once check (scripts/build-once.mjs): no build → build; a build newer than
// every input → none (so a fresh `next build` by npm test or the browser tests is not repeated);
// an input edited after the build → build again; tests, docs and generated files do not count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNeeded, currentCompiledServer } from '../scripts/build-once.mjs';
import { serverNodeOptions } from '../scripts/serve-options.mjs';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function checkout() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-build-once-'));
  dirs.push(root);
  for (const f of ['app/page.tsx', 'server/db/generated/client.ts', 'components/ui/button.tsx', 'package.json', 'server/x.test.ts', 'docs/a.md']) {
    fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
    fs.writeFileSync(path.join(root, f), '//');
  }
  return root;
}
const at = (root: string, file: string, secondsAgo: number) => {
  const t = new Date(Date.now() - secondsAgo * 1000);
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  if (!fs.existsSync(path.join(root, file))) fs.writeFileSync(path.join(root, file), 'x');
  fs.utimesSync(path.join(root, file), t, t);
};
function allOld(root: string) {
  const walk = (d: string) =>
    fs.readdirSync(d, { withFileTypes: true }).forEach((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : at(root, path.relative(root, path.join(d, e.name)), 600)));
  walk(root);
}

describe('build-once', () => {
  it('builds when there is no build', () => {
    expect(buildNeeded(checkout())).toMatchObject({ reason: 'none', message: expect.stringMatching(/^Building Quire once \(about/) });
  });

  it('counts a build newer than every input as current', () => {
    const root = checkout();
    allOld(root);
    at(root, '.next/BUILD_ID', 60);
    expect(buildNeeded(root)).toBeNull();
  });

  it('builds again when an input changed after the build, naming it', () => {
    const root = checkout();
    allOld(root);
    at(root, '.next/BUILD_ID', 60);
    at(root, 'components/ui/button.tsx', 1);
    expect(buildNeeded(root)).toMatchObject({ reason: 'stale', message: expect.stringContaining(path.join('components', 'ui', 'button.tsx')) });
  });

  it('ignores tests, docs and the generated Prisma client (npm install rewrites it)', () => {
    const root = checkout();
    allOld(root);
    at(root, '.next/BUILD_ID', 60);
    for (const f of ['server/x.test.ts', 'docs/a.md', 'server/db/generated/client.ts']) at(root, f, 1);
    expect(buildNeeded(root)).toBeNull();
  });
});

// `npm start` runs the build's compiled server (scripts/build-server.mjs) with plain Node only
// while nothing it was compiled from changed since; otherwise scripts/serve.ts under tsx, so an
// edit is served even before the next build.
describe('the compiled server', () => {
  const compiled = (root: string) => path.join(root, '.next', 'quire-server', 'serve.cjs');

  it('is chosen when it and the build are newer than every input', () => {
    const root = checkout();
    allOld(root);
    at(root, '.next/BUILD_ID', 60);
    at(root, '.next/quire-server/serve.cjs', 50);
    expect(currentCompiledServer(root)).toBe(compiled(root));
  });

  it('is not chosen when there is none, or no build', () => {
    const root = checkout();
    allOld(root);
    at(root, '.next/BUILD_ID', 60);
    expect(currentCompiledServer(root)).toBeNull();
    const other = checkout();
    allOld(other);
    at(other, '.next/quire-server/serve.cjs', 50);
    expect(currentCompiledServer(other)).toBeNull();
  });

  it('is not chosen once a server module or scripts/serve.ts changed after it', () => {
    for (const edited of ['server/rest/node.ts', 'scripts/serve.ts']) {
      const root = checkout();
      allOld(root);
      at(root, '.next/BUILD_ID', 60);
      at(root, '.next/quire-server/serve.cjs', 50);
      at(root, edited, 1);
      expect(currentCompiledServer(root)).toBeNull();
    }
  });

  it('is not chosen when it is older than an input the build is newer than (compiled from an earlier tree)', () => {
    const root = checkout();
    allOld(root);
    at(root, '.next/quire-server/serve.cjs', 120);
    at(root, 'server/rest/node.ts', 90);
    at(root, '.next/BUILD_ID', 60);
    expect(buildNeeded(root)).toBeNull();
    expect(currentCompiledServer(root)).toBeNull();
  });
});

describe("the production server's Node options", () => {
  it('hold the young generation to 16 MB semi-spaces, beside what NODE_OPTIONS says', () => {
    expect(serverNodeOptions(undefined)).toBe('--max-semi-space-size=16');
    expect(serverNodeOptions('--enable-source-maps')).toBe('--enable-source-maps --max-semi-space-size=16');
  });

  it('leave a size NODE_OPTIONS names', () => {
    expect(serverNodeOptions('--max-semi-space-size=64')).toBe('--max-semi-space-size=64');
  });
});
