import { defineConfig } from 'vitest/config';

/** The unit projects Stryker runs against its mutants of functions/src and web/src/lib. */
export default defineConfig({
  test: { projects: ['../../functions', '../../web'] },
});
