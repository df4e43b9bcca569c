import { defineConfig } from 'vitest/config';

// Browser tests against the real server binary: one file at a time, no retries.
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    retry: 0,
    sequence: { concurrent: false },
  },
});
