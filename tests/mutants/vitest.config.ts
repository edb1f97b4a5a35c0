import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The unit projects Stryker runs against its mutants of functions/src and web/src/lib. Stryker
 * hands Vitest this file's path in the original tree but runs it from its sandbox, where the
 * mutants are: the projects are found from the working directory, not from beside this file
 * (which would test the unmutated code, and every mutant would survive).
 */
export default defineConfig({
  test: { projects: [path.join(process.cwd(), 'functions'), path.join(process.cwd(), 'web')] },
});
