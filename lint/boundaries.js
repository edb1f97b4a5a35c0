// The layers every change keeps: app → features → shared (components, lib), no feature reaching
// into another, and the functions' handlers free of their HTTP and trigger wiring. Checked by
// eslint-plugin-import-x's no-restricted-paths; tests/lint/boundaries.test.ts shows each zone refusing.
import fs from 'node:fs';
import path from 'node:path';

/** @param {string} root the repository's root */
export function boundaryZones(root) {
  const features = fs
    .readdirSync(path.join(root, 'web/src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return [
    ...features.map((feature) => ({
      target: `./web/src/features/${feature}`,
      from: './web/src/features',
      except: [`./${feature}`],
      message: 'A feature uses shared code (components, lib), never another feature.',
    })),
    {
      target: ['./web/src/components', './web/src/lib'],
      from: ['./web/src/features', './web/src/app'],
      message: 'Shared code (components, lib) serves every feature and imports none, nor app/.',
    },
    {
      target: './functions/src/handlers',
      from: ['./functions/src/http', './functions/src/triggers'],
      message:
        'Handlers are pure logic over ports; HTTP and trigger wiring import them, not the reverse.',
    },
  ];
}
