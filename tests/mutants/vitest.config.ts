import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The unit projects Stryker runs against its mutants of functions/src and web/src/lib. */
export default defineConfig({
  test: { projects: [path.join(repo, 'functions'), path.join(repo, 'web')] },
});
