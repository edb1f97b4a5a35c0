import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'dev',
    environment: 'node',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
  },
});
