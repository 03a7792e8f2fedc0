// docs/architecture.md's import rules, read from every import of the tree: each layer imports only
// the layers below it (and itself); a service never imports a face; a component imports no runtime
// value from server/** (types vanish at build; a server action is the one exception Next makes).
// Tests, scripts, the benchmarks and the CLI are tools and may import anything of the app.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, ROOT, sourceFiles, type Import } from './support/imports';

type Layer =
  | 'shared'
  | 'infra'
  | 'media'
  | 'auth'
  | 'services'
  | 'jobs'
  | 'http'
  | 'procedures'
  | 'issuer'
  | 'rest'
  | 'enterprise'
  | 'mcp'
  | 'viewer'
  | 'dashboard'
  | 'app'
  | 'components'
  | 'client';

const INFRA = ['server/lib/', 'server/db/', 'server/storage/', 'server/ratelimit/', 'server/files/', 'server/net/', 'server/schemas/', 'server/config.ts', 'server/errors.ts', 'server/ids.ts'];

/** The layer of a file of the app, by where it lives (null: a tool, or not the app's code). */
export function layerOf(file: string): Layer | null {
  const under = (...prefixes: string[]) => prefixes.some((p) => file === p || file.startsWith(p));
  if (under('lib/shared/')) return 'shared';
  if (under(...INFRA)) return 'infra';
  if (under('server/media/')) return 'media';
  if (under('server/auth/')) return 'auth';
  if (under('server/services/')) return 'services';
  if (under('server/jobs/')) return 'jobs';
  if (under('server/http/')) return 'http';
  if (under('server/trpc.ts', 'server/routers/', 'server/openapi/')) return 'procedures';
  if (under('server/oauth/')) return 'issuer';
  if (under('server/rest/')) return 'rest';
  if (under('server/scim/', 'server/sso/')) return 'enterprise';
  if (under('server/mcp/')) return 'mcp';
  if (under('server/viewer/')) return 'viewer';
  if (under('server/dashboard/')) return 'dashboard';
  if (under('app/', 'proxy.ts', 'instrumentation.ts')) return 'app';
  if (under('components/')) return 'components';
  if (under('lib/')) return 'client';
  return null;
}

const BELOW_SERVICES: Layer[] = ['shared', 'infra', 'auth', 'media'];

/** What each layer may import (besides itself). */
export const MAY_IMPORT: Record<Layer, Layer[]> = {
  shared: [],
  infra: ['shared'],
  // The media engine (rendering, pdf.js, watermarks, page sources): below the services, which
  // all use it; it knows nothing of teams, links or visitors.
  media: ['shared', 'infra'],
  auth: ['shared', 'infra'],
  services: BELOW_SERVICES,
  jobs: [...BELOW_SERVICES, 'services'],
  http: ['shared', 'infra'],
  // The device-login procedures call the issuer's approval; nothing else of a face.
  procedures: [...BELOW_SERVICES, 'services', 'issuer'],
  issuer: [...BELOW_SERVICES, 'services', 'http'],
  rest: [...BELOW_SERVICES, 'services', 'jobs', 'http', 'procedures'],
  // SCIM for identity providers and SAML sign-in: thin protocol faces over the services.
  enterprise: [...BELOW_SERVICES, 'services', 'http'],
  // The MCP face answers tool calls through /v1 itself; it names the issuer in its metadata.
  mcp: [...BELOW_SERVICES, 'services', 'http', 'procedures', 'issuer', 'rest'],
  viewer: [...BELOW_SERVICES, 'services', 'http', 'procedures'],
  dashboard: [...BELOW_SERVICES, 'services', 'http', 'procedures'],
  app: ['shared', 'infra', 'media', 'auth', 'services', 'jobs', 'http', 'procedures', 'issuer', 'rest', 'enterprise', 'mcp', 'viewer', 'dashboard', 'components', 'client'],
  components: ['shared', 'client'],
  client: ['shared'],
};

export const FACES = ['server/rest/', 'server/scim/', 'server/sso/', 'server/mcp/', 'server/viewer/', 'server/dashboard/', 'server/oauth/', 'server/routers/', 'app/'];

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

const useServer = new Map<string, boolean>();
/** A `'use server'` module: what a component imports from it is a reference to a server action. */
function isServerActions(file: string): boolean {
  if (!useServer.has(file)) {
    let text = '';
    try {
      text = readFileSync(path.join(ROOT, file), 'utf8');
    } catch {}
    useServer.set(file, /^\s*(\/\/[^\n]*\n\s*)*['"]use server['"]/.test(text));
  }
  return useServer.get(file)!;
}

/** The viewer's React components render in Next's pages and in the node:http fast page alike. */
const rendersViewerComponent = (i: Import) => i.from.startsWith('server/viewer/') && i.from.endsWith('.tsx') && i.to.startsWith('components/viewer/') && i.to.endsWith('.tsx');

/** Why an import breaks the rules, or null when it keeps them. */
export function violation(i: Import): string | null {
  if (isTest(i.from)) return null;
  const from = layerOf(i.from);
  const to = layerOf(i.to);
  if (!from || !to || from === to) return null;
  if (i.from.startsWith('server/services/') && FACES.some((f) => i.to.startsWith(f))) return 'a service imports a face';
  if ((from === 'components' || from === 'client') && i.to.startsWith('server/')) {
    if (i.typeOnly) return null;
    if (from === 'components' && isServerActions(i.to)) return null;
    return `a ${from === 'components' ? 'component' : 'browser module'} imports a server runtime value`;
  }
  if (i.typeOnly && (from === 'components' || from === 'client')) return null;
  if (rendersViewerComponent(i)) return null;
  if (MAY_IMPORT[from].includes(to)) return null;
  return `${from} may import only ${[from, ...MAY_IMPORT[from]].join(', ')}, not ${to}`;
}

const TREE = ['server', 'lib', 'components', 'app', 'proxy.ts', 'instrumentation.ts'];
const files = TREE.flatMap((d) => (d.endsWith('.ts') ? [d] : sourceFiles(d)));
const imports = files.flatMap(importsOf);

const report = (found: Import[], why: (i: Import) => string | null) =>
  found.flatMap((i) => {
    const w = why(i);
    return w ? [`${i.from} -> ${i.to}: ${w}`] : [];
  });

describe('import rules (docs/architecture.md)', () => {
  it('reads the imports of the whole tree', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(imports.length).toBeGreaterThan(1000);
    for (const f of files.filter((f) => !isTest(f))) expect(layerOf(f), `${f} belongs to no layer`).not.toBeNull();
  });

  it('no service imports a face', () => {
    expect(report(imports, (i) => (violation(i) === 'a service imports a face' ? 'a service imports a face' : null))).toEqual([]);
  });

  it('no component imports a server runtime value', () => {
    expect(report(imports, (i) => (violation(i)?.includes('server runtime value') ? violation(i) : null))).toEqual([]);
  });

  it('every import goes to the same layer or one it may import', () => {
    expect(report(imports, violation)).toEqual([]);
  });

  it('names the files of a broken rule', () => {
    const at = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly });
    expect(violation(at('server/services/members.ts', 'server/oauth/grants.ts'))).toBe('a service imports a face');
    expect(violation(at('server/services/visitor/gates.ts', 'server/viewer/session.ts'))).toBe('a service imports a face');
    expect(violation(at('server/media/render.ts', 'server/services/documents.ts'))).toBe('media may import only media, shared, infra, not services');
    expect(violation(at('components/links/draft.ts', 'server/services/links/settings.ts'))).toBe('a component imports a server runtime value');
    expect(violation(at('components/links/draft.ts', 'server/services/links/settings.ts', true))).toBeNull();
    expect(violation(at('components/auth/create-team-form.tsx', 'server/dashboard/team-actions.ts'))).toBeNull();
    expect(violation(at('lib/shared/scopes.ts', 'server/auth/actor.ts', true))).toBe('shared may import only shared, not auth');
    expect(violation(at('server/db/client.ts', 'server/services/teams.ts'))).toBe('infra may import only infra, shared, not services');
    expect(violation(at('server/services/uploads.ts', 'server/jobs/sweep.ts'))).toMatch(/^services may import only/);
    expect(violation(at('server/viewer/http.ts', 'components/viewer/gate.tsx'))).toMatch(/^viewer may import only/);
    expect(violation(at('server/viewer/page-view.tsx', 'components/viewer/gate.tsx'))).toBeNull();
    expect(violation(at('server/rest/gate.ts', 'server/viewer/session.ts'))).toMatch(/^rest may import only/);
    expect(report([at('server/db/client.ts', 'server/services/teams.ts')], violation)).toEqual([
      'server/db/client.ts -> server/services/teams.ts: infra may import only infra, shared, not services',
    ]);
  });
});

/** A unit of server/services: its folder, or its file without the extension. */
export const serviceUnit = (file: string): string | null => {
  const m = /^server\/services\/([^/]+?)(?:\.tsx?)?(?:\/|$)/.exec(file);
  return m ? m[1]! : null;
};

/** Pairs of units that import each other (runtime or types), each as "a ⇄ b" with a < b. */
export function twoWayUnits(found: Import[]): string[] {
  const edges = new Set<string>();
  for (const i of found) {
    if (isTest(i.from)) continue;
    const a = serviceUnit(i.from);
    const b = serviceUnit(i.to);
    if (a && b && a !== b) edges.add(`${a}>${b}`);
  }
  const pairs = new Set<string>();
  for (const e of edges) {
    const [a, b] = e.split('>') as [string, string];
    if (edges.has(`${b}>${a}`)) pairs.add(a < b ? `${a} ⇄ ${b}` : `${b} ⇄ ${a}`);
  }
  return [...pairs].sort();
}

// The one loop left (issue 35 cut the others: the media engine out of the visitor's rules, room
// and link lookups out of their units). A room's groups and a group's links are one rule seen
// from both sides: a group that starts admitting everyone must not leave a link's {{email}}
// watermark empty (datarooms → links), and a group link adds its invitees to the group
// (links → datarooms).
const KNOWN_LOOPS = ['datarooms ⇄ links'];

describe('service units (docs/architecture.md)', () => {
  it('no two units of server/services import each other, but the loops named to be cut', () => {
    const loops = twoWayUnits(imports);
    expect(loops.filter((l) => !KNOWN_LOOPS.includes(l))).toEqual([]);
    // A loop cut is taken off the list, so it cannot come back unnoticed.
    expect(KNOWN_LOOPS.filter((l) => !loops.includes(l))).toEqual([]);
  });

  it('finds a loop', () => {
    const at = (from: string, to: string): Import => ({ from, to, typeOnly: false });
    expect(serviceUnit('server/services/brands.ts')).toBe('brands');
    expect(serviceUnit('server/services/visitor/gates.ts')).toBe('visitor');
    expect(twoWayUnits([at('server/services/links/a.ts', 'server/services/teams.ts'), at('server/services/teams.ts', 'server/services/links/b.ts')])).toEqual(['links ⇄ teams']);
    expect(twoWayUnits([at('server/services/links/a.ts', 'server/services/teams.ts')])).toEqual([]);
  });
});
