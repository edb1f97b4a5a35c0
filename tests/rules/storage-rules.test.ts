/**
 * storage.rules must deny everything: the product stores nothing in Cloud Storage (uploads go
 * to the upstream API through the `api` function), so the bucket the public web config names
 * stays closed to every client.
 *
 * This is a static check of the file, not a run: the Storage emulator cannot run on these
 * machines (it is a jar firebase-tools downloads at first start, with no
 * network here, and it needs Java 21 where Debian 12 has 17), and no offline engine evaluates
 * Storage rules. Storage rules grant only through `allow` statements and deny whatever no
 * statement grants, so the file denies everything exactly when every `allow` in it has the
 * condition `false`. The reader below fails closed: an `allow` it cannot read counts as a grant.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface Allow {
  operations: string[];
  /** The condition after `if`, whitespace collapsed; '' when there is none (a grant to all). */
  condition: string;
}

interface StorageRules {
  version: string | undefined;
  services: string[];
  allows: Allow[];
  /** `allow` keywords no statement could be read from: each may grant anything. */
  unreadable: number;
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
}

function readStorageRules(source: string): StorageRules {
  const text = withoutComments(source);
  const allows = [...text.matchAll(/\ballow\s+([\w\s,]+?)\s*(?::\s*if\b([^;]*))?;/g)].map(
    ([, operations = '', condition = '']) => ({
      operations: operations.split(',').map((op) => op.trim()),
      condition: condition.replace(/\s+/g, ' ').trim(),
    }),
  );
  const keywords = text.match(/\ballow\b/g)?.length ?? 0;
  return {
    version: /\brules_version\s*=\s*['"]([^'"]*)['"]/.exec(text)?.[1],
    services: [...text.matchAll(/\bservice\s+([\w.]+)\s*\{/g)].map(([, name = '']) => name),
    allows,
    unreadable: keywords - allows.length,
  };
}

/** Whether the rules grant nothing to anyone: every `allow` is `if false`, and all were read. */
function deniesEverything(rules: StorageRules): boolean {
  return rules.unreadable === 0 && rules.allows.every((allow) => allow.condition === 'false');
}

describe('storage.rules', () => {
  const firebaseJson = JSON.parse(
    fs.readFileSync(path.join(repoRoot, 'firebase.json'), 'utf8'),
  ) as { storage?: { rules?: string } };
  const file = firebaseJson.storage?.rules ?? '';
  const rules = readStorageRules(fs.readFileSync(path.join(repoRoot, file), 'utf8'));

  it('is the file firebase.json deploys for Cloud Storage', () => {
    expect(file).toBe('storage.rules');
  });

  it('is a version 2 Cloud Storage rules file', () => {
    expect(rules.version).toBe('2');
    expect(rules.services).toEqual(['firebase.storage']);
  });

  it('denies every read and every write, to everyone', () => {
    expect(rules.allows.length).toBeGreaterThan(0);
    expect(rules.unreadable).toBe(0);
    expect(rules.allows.filter((allow) => allow.condition !== 'false')).toEqual([]);
    expect(deniesEverything(rules)).toBe(true);
  });
});

describe('the storage rules reader', () => {
  const file = (body: string) =>
    `rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n${body}\n  }\n}\n`;

  it('sees a file that only refuses as denying everything, comments and all', () => {
    const rules = readStorageRules(
      file(
        '    // allow read: if true;\n    /* allow write; */\n    match /{p=**} { allow read, write: if false; }',
      ),
    );
    expect(rules.allows).toEqual([{ operations: ['read', 'write'], condition: 'false' }]);
    expect(deniesEverything(rules)).toBe(true);
  });

  it.each([
    ['a signed-in read', 'match /{p=**} { allow read: if request.auth != null; }'],
    ['an allow without a condition', 'match /{p=**} { allow write; }'],
    ['a condition that only looks false', 'match /{p=**} { allow get: if false || true; }'],
    [
      'one open path beside a closed one',
      'match /{p=**} { allow read, write: if false; }\n    match /public/{f} { allow read: if true; }',
    ],
    ['an allow it cannot read', 'match /{p=**} { allow read: true; }'],
  ])('sees %s as a grant', (_, body) => {
    expect(deniesEverything(readStorageRules(file(body)))).toBe(false);
  });
});
