import { defineConfig } from 'vitest/config';

// One run for the whole monorepo. Each workspace keeps its tests next to its code.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'scripts/**/*.test.ts', 'tools/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a condition; 1 s (the default) is too short for a page under CI load.
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // Two files at a time on the 2-core machines we test on: much of a file's time is spent waiting
    // (the browser, the judge's runs, a server starting), and vitest's default (cores - 1) ran one.
    // Judge suites that measure time keep margins for both cores busy (docs/languages.md).
    maxWorkers: 2,
    minWorkers: 1,
    reporters: ['default'],
  },
});
