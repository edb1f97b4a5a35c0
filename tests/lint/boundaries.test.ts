import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration, asked about code that crosses a layer: each case is
// a file that would sit at `file`, importing `source`.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function ruleErrors(ruleId: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === ruleId)
    .map((message) => message.message);
}

const boundaryErrors = (file: string, source: string) =>
  ruleErrors(
    'import-x/no-restricted-paths',
    file,
    `import { thing } from '${source}';\nexport { thing };\n`,
  );

describe('the layer boundaries npm run lint enforces', () => {
  it('refuses a feature importing another feature, by relative path or alias', async () => {
    expect(
      await boundaryErrors('web/src/features/chat/crossing.ts', '../users/all-users-page'),
    ).toEqual([expect.stringContaining('never another feature')]);
    expect(
      await boundaryErrors(
        'web/src/features/prices/crossing.ts',
        '@/features/groups/chat-groups-page',
      ),
    ).toHaveLength(1);
  });

  it('lets a feature import its own files and the shared code', async () => {
    expect(await boundaryErrors('web/src/features/users/crossing.ts', './all-users-page')).toEqual(
      [],
    );
    expect(await boundaryErrors('web/src/features/users/crossing.ts', '@/lib/i18n')).toEqual([]);
    expect(
      await boundaryErrors('web/src/features/users/crossing.ts', '@/components/empty-state'),
    ).toEqual([]);
  });

  it("refuses a product feature importing the template's leftovers, and one leftover another", async () => {
    expect(
      await boundaryErrors(
        'web/src/features/prices/crossing.ts',
        '@/template/dashboard/dashboard-page',
      ),
    ).toEqual([expect.stringContaining("never imports the purchased template's leftovers")]);
    expect(
      await boundaryErrors(
        'web/src/features/users/crossing.ts',
        '../../template/e-commerce/e-commerce-page',
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'web/src/template/dashboard/crossing.ts',
        '../e-commerce/e-commerce-page',
      ),
    ).toEqual([expect.stringContaining('never another leftover')]);
    expect(
      await boundaryErrors('web/src/template/dashboard/crossing.ts', '@/components/empty-state'),
    ).toEqual([]);
  });

  it('refuses shared code importing a feature, a leftover or the app', async () => {
    expect(
      await boundaryErrors('web/src/lib/crossing.ts', '@/template/builder/builder-page'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('web/src/lib/crossing.ts', '@/features/users/all-users-page'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('web/src/components/crossing.tsx', '../app/route-table'),
    ).toHaveLength(1);
  });

  it("refuses the functions' handlers importing their HTTP or trigger wiring", async () => {
    expect(
      await boundaryErrors('functions/src/handlers/crossing.ts', '../http/serve.js'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('functions/src/handlers/crossing.ts', '../triggers/on-alert-created.js'),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('functions/src/http/crossing.ts', '../handlers/proxy/index.js'),
    ).toEqual([]);
  });
});

describe('the import circles npm run lint refuses', () => {
  // Each case puts an import back into a real file that the imported file already imports.
  const cycleErrors = (file: string, code: string) => ruleErrors('import-x/no-cycle', file, code);

  it('in the web app, through a dynamic import too', async () => {
    expect(
      await cycleErrors(
        'web/src/lib/firebase/runtime.ts',
        "export const load = () => import('./create-runtime');\n",
      ),
    ).toHaveLength(1);
  });

  it("between the functions' flows, through their index files", async () => {
    expect(
      await cycleErrors(
        'functions/src/handlers/audit/record.ts',
        "import { sendAlert } from '../push/index.js';\nexport const send = sendAlert;\n",
      ),
    ).toHaveLength(1);
  });

  it('in the local stack', async () => {
    expect(
      await cycleErrors(
        'dev/rtdb/hash.ts',
        "import { Engine } from './engine.js';\nexport const engine = Engine;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a file import what does not import it back', async () => {
    expect(
      await cycleErrors(
        'web/src/lib/firebase/create-runtime.ts',
        "import { once } from './runtime';\nexport const remembered = once;\n",
      ),
    ).toEqual([]);
  });
});
