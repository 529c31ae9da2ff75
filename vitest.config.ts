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
    // One worker process for every file (no fresh process and module graph per file): the suite's
    // imports are paid once instead of 250 times (collect 155 s → 14 s of CPU). Servers, databases
    // and browsers are per file anyway; no module keeps per-install state (docs/judge-speed.md).
    isolate: false,
    // One file at a time (vitest's default on 2 cores): two at a time overloaded the machine (load ~9,
    // no shorter wall time) and made browser tests time out; see docs/judge-speed.md.
    reporters: ['default'],
  },
});
