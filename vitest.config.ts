import { defineConfig } from 'vitest/config';

// `npm test` runs every project: unit tests beside the code, then what crosses parts in tests/.
export default defineConfig({
  test: {
    projects: ['functions', 'dev', 'web', 'tests'],
  },
});
