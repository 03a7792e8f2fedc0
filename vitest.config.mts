import { defineConfig } from 'vitest/config';

// Two projects: `unit` (no build, no server: pure functions, services against their own
// fixtures; runs in seconds) and `api` (the contract over real HTTP against the built app).
const alias = { '@': import.meta.dirname };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['server/**/*.test.ts', 'lib/**/*.test.ts', 'components/**/*.test.ts', 'tests/**/*.unit.test.ts', 'cli/src/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/**/*.unit.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
