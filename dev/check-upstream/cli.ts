import { checkUpstream } from './check.js';

// npm run check-upstream -- <base-url> [--write --not-production --user <id>]: see README.md.
process.exitCode = await checkUpstream(process.argv.slice(2), process.env, {
  fetch,
  out: process.stdout,
  now: () => new Date(),
});
