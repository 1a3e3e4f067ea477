import { defineConfig } from 'vitest/config';
import { preactAliases, reactAriaOnPreact } from './web/vite.config.ts';

/**
 * One Vitest run covers every unit and API test. The server's API suite runs once on PGlite and,
 * when TEST_DATABASE_URL is set, once more on a real PostgreSQL server.
 */
const serverProject = (name: string, engine: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: './server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    // Migrates each engine's template database once for the whole run (test/support/test-db.ts).
    globalSetup: ['./test/support/global-setup.ts'],
    // Files share their worker's imports (the app is imported once per worker, not once per
    // file): every test builds its own app on its own database, and no module keeps state that
    // one file could leave to the next (no module mocks, no environment changes).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time, also on two cores (Vitest's default there is one): most API tests wait
    // on the database, the CalDAV server or the mail server, not on the CPU.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
      {
        // The web tests render with Preact, as the app ships (web/vite.config.ts): the libraries
        // are inlined, and read as ES modules where they ship one (Testing Library's main is
        // CommonJS), so that the aliases reach their imports of React too.
        resolve: {
          alias: preactAliases,
          mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
          conditions: ['module', 'node', 'development'],
        },
        plugins: [reactAriaOnPreact()],
        test: {
          name: 'web',
          server: { deps: { inline: true } },
          // Each file runs in a fresh VM context of a reused worker: the modules Node loads itself
          // (jsdom, msw) are read once per worker instead of once per file. The web project ran in
          // 0.73 of the time of the default isolated forks, on 0.68 of the CPU (bench/README.md,
          // "Suite"). src/test/node-globals.ts gives the context the Node globals msw needs.
          pool: 'vmThreads',
          root: './web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The device's zone, as pages compare it with the account's: the same on every machine.
          env: { TZ: 'UTC' },
          // `npm run validate` runs lint and typecheck beside the tests on two cores: the default
          // 5 s is too tight for the longer user journeys on a busy machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
