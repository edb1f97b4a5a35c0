// The layers every change keeps: app → features and the template's leftovers → shared
// (components, lib), no feature reaching into another or into the template, and the functions'
// handlers free of their HTTP and trigger wiring. Checked by eslint-plugin-import-x's
// no-restricted-paths; tests/lint/boundaries.test.ts shows each zone refusing.
import fs from 'node:fs';
import path from 'node:path';

/** @param {string} root the repository's root */
export function boundaryZones(root) {
  const folders = (parent) =>
    fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  return [
    ...folders('web/src/features').map((feature) => ({
      target: `./web/src/features/${feature}`,
      from: './web/src/features',
      except: [`./${feature}`],
      message: 'A feature uses shared code (components, lib), never another feature.',
    })),
    {
      target: './web/src/features',
      from: './web/src/template',
      message: "A product feature never imports the purchased template's leftovers.",
    },
    ...folders('web/src/template').map((part) => ({
      target: `./web/src/template/${part}`,
      from: './web/src/template',
      except: [`./${part}`],
      message: 'A template leftover uses shared code (components, lib), never another leftover.',
    })),
    {
      target: ['./web/src/components', './web/src/lib'],
      from: ['./web/src/features', './web/src/template', './web/src/app'],
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
