import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Three projects:
//   `unit`: no build, no server (pure functions, services against their own fixtures);
//   `api`: the contract over real HTTP against the built app, files in parallel on one server;
//   `api-serial`: the files that must have the machine to themselves, one at a time on a server
//     of their own, after the others: they measure the server's memory, stop databases, or run
//     the global sweeps (which would race other files' rows, e.g. tests/oauth.test.ts's).
// Test files share nothing but the server: each makes its own team, and every address a visitor
// receives a one-time code at is used by one file only (the mail log is shared).
const alias = { '@': import.meta.dirname };
// (Files that start servers of their own, e.g. conversion or webhooks-restart, run in parallel:
// nothing of theirs is shared.)
const SERIAL = [
  'tests/events.test.ts', // the global sweep
  'tests/exports.test.ts', // the server's memory during a 300 MB archive
  'tests/fuzz.test.ts', // a second server on the shared database; never a 5xx
  'tests/hardening.test.ts', // the global sweep
  'tests/idempotency.test.ts', // the global sweep
  'tests/rate-limit.test.ts', // four servers of its own, each started against a minute's budget
  'tests/resilience.test.ts', // its database stopped and started
  'tests/versions.test.ts', // counts every file in the server's blob store
];
// Tests mostly wait on the server: more files than cores keep both cores busy.
const WORKERS = Number(process.env.QUIRE_TEST_WORKERS) || 3;
// Three files share two cores and one server: a test's own pace can double, so it gets 60 s.
const api = { globalSetup: ['tests/global-setup.ts'], testTimeout: 60_000, hookTimeout: 300_000 };

// Longest files first. On a fresh clone vitest has no durations cached and starts the largest
// files first, which put a file of ten minutes (conversions wait for idle cores) in the middle of
// the run, where it became the run's tail. Figures from CI's clean-clone runs; the rest keep
// vitest's order, and api-serial stays after the others.
const LONGEST = [
  'tests/conversion.test.ts',
  'tests/search-resilience.test.ts',
  'tests/search.test.ts',
  'tests/conversion-large-sheet.test.ts',
  'tests/conversion-claim.test.ts',
  'tests/oauth.test.ts',
  'tests/viewer/render-storm.test.ts',
  'tests/domains.test.ts',
  'tests/viewer/search.test.ts',
  'tests/cli.test.ts',
  'tests/conversion-links.test.ts',
  'tests/domain-routing.test.ts',
  'tests/brands.test.ts',
  'tests/datarooms/branding.test.ts',
];
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (f: TestSpecification) => {
      const i = LONGEST.findIndex((name) => f.moduleId.endsWith(name));
      return i < 0 ? LONGEST.length : i;
    };
    const group = (f: TestSpecification) => f.project.config.sequence.groupOrder;
    const sorted = (await super.sort(files)).map((f, i) => ({ f, i }));
    sorted.sort((a, b) => group(a.f) - group(b.f) || rank(a.f) - rank(b.f) || a.i - b.i);
    if (process.env.QUIRE_PRINT_ORDER) console.log(sorted.map(({ f }) => `${f.project.name} ${f.moduleId}`).join('\n'));
    return sorted.map(({ f }) => f);
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['server/**/*.test.ts', 'lib/**/*.test.ts', 'components/**/*.test.ts', 'tests/**/*.unit.test.ts', 'cli/src/**/*.test.ts'],
          testTimeout: 30_000,
          maxWorkers: WORKERS,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: { name: 'api', include: ['tests/**/*.test.ts'], exclude: ['tests/**/*.unit.test.ts', ...SERIAL], ...api, maxWorkers: WORKERS, sequence: { groupOrder: 0 } },
      },
      {
        resolve: { alias },
        test: { name: 'api-serial', include: SERIAL, ...api, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
