import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The query plugin's exhaustive-deps as the repository configures it: the app's services may be
// left out of a query key, anything else the query reads may not.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function missingDeps(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(root, 'web/src/features/users/api/query-case.ts'),
  });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@tanstack/query/exhaustive-deps')
    .map((message) => message.message);
}

const query = (parameters: string, key: string, call: string) => `
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@/lib/api/api-client';
declare function read(...values: unknown[]): Promise<unknown>;
export function options(${parameters}) {
  return queryOptions({ queryKey: ${key}, queryFn: () => read(${call}) });
}
`;

describe('the query keys npm run lint checks', () => {
  it('let the API client out of the key, by its name or its type', async () => {
    expect(
      await missingDeps(query('api: ApiClient, id: number', "['user', id]", 'api, id')),
    ).toEqual([]);
    expect(
      await missingDeps(query('client: ApiClient, id: number', "['user', id]", 'client, id')),
    ).toEqual([]);
  });

  it('refuse a key that leaves out what the query reads', async () => {
    expect(await missingDeps(query('api: ApiClient, id: number', "['user']", 'api, id'))).toEqual([
      expect.stringContaining('id'),
    ]);
  });
});
