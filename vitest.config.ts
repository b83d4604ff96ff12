import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // With OUTPOST_TEST_DATABASE=postgres: one PostgreSQL for the run (npm run test:postgres).
    globalSetup: ['test/support/postgres-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A poll waits on the UI or a background worker; on a loaded 2-core machine one second
    // (Vitest's default) is sometimes less than a render takes.
    expect: { poll: { timeout: 10_000 } },
    // New workspaces are named in the server's language; the suite's expectations are English
    // whatever the machine's locale (tests that want Portuguese say so).
    env: { OUTPOST_LANGUAGE: 'en' },
  },
})
