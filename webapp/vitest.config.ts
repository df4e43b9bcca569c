import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { moduleApiErrors } from './vite.config.ts';

export default defineConfig({
  plugins: [moduleApiErrors(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)), '@bible-data': fileURLToPath(new URL('../modules/bible/data', import.meta.url)) },
  },
  test: {
    css: { modules: { classNameStrategy: 'non-scoped' } },
    pool: 'threads',
    maxWorkers: 2,
    // Two shared cores: give slow renders room instead of failing. Several 30 s waits
    // (src/test/setup.ts) fit in one test; a passing test never waits for these limits.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    projects: [
      {
        // Anything that needs a browser (rendering, storage, cookies) is a .test.tsx file: jsdom.
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          // Building jsdom and loading React, the router and the store for every file cost more
          // than the tests themselves; files share a worker instead. setup.ts puts back what a test
          // changes, and spies and stubbed globals are undone before each test.
          isolate: false,
          restoreMocks: true,
          unstubGlobals: true,
          include: ['src/**/*.test.tsx'],
          setupFiles: ['./src/test/setup.ts'],
          environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
        },
      },
      {
        // Pure logic is a .test.ts file: plain Node, no DOM to build.
        extends: true,
        test: { name: 'logic', environment: 'node', include: ['src/**/*.test.ts'] },
      },
    ],
  },
});
