import { defineConfig } from 'vitest/config';

const crossing = (name: string, extra: Record<string, unknown> = {}, folder = name) => ({
  test: {
    name,
    root: 'tests',
    environment: 'node',
    include: [`${folder}/**/*.test.ts`],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // A browser on a loaded two-core machine can take seconds to show what it will show.
    expect: { poll: { timeout: 20_000 } },
    ...extra,
  },
});

// `npm test` runs every project: unit tests beside the code (functions, dev, web, bench), then what
// crosses parts (tests/): the offline database's compatibility, the API contract (against the
// reference API in both of its dialects), the security rules, the lint boundaries, and end to end
// in a browser against the whole local stack.
export default defineConfig({
  test: {
    projects: [
      'functions',
      'dev',
      'web',
      'bench',
      crossing('rtdb'),
      crossing('contract', { env: { CONTRACT_FLAVOUR: 'reference' } }),
      crossing('contract-laravel', { env: { CONTRACT_FLAVOUR: 'laravel' } }, 'contract'),
      crossing('rules'),
      crossing('lint'),
      crossing('e2e', { globalSetup: ['support/global-setup.ts'], fileParallelism: false }),
    ],
  },
});
