import { defineConfig } from 'vitest/config';

// Unit tests of the benchmark's pure parts (no timing assertions): npx vitest run --config bench/vitest.config.ts
export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
  },
});
