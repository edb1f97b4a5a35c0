/**
 * The local stack's database enforces the repository's rules file: the offline engine started
 * with the options dev/stack.ts gives it (database.rules.json from the repository, read from
 * disk, a data file), no rules loaded through /.settings, and an app user's session on it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startRtdb, type RunningRtdb } from '../../dev/rtdb/index.js';
import { checkAppUserSession } from './app-user-session.js';
import { RULES_FILE } from './evaluate.js';

// The stack's project and namespace (dev/emulators.ts).
const PROJECT_ID = 'demo-fuel-community';

let dataDir: string;
let engine: RunningRtdb;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rules-stack-'));
  engine = await startRtdb({
    host: '127.0.0.1',
    port: 0,
    rulesFile: RULES_FILE,
    dataFile: path.join(dataDir, 'rtdb.json'),
  });
});
afterAll(async () => {
  await engine.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the local stack's database", () => {
  it('keeps an app user out of a group it is not in, and lets it post in its own', async () => {
    await checkAppUserSession({
      host: engine.host,
      port: engine.port,
      namespace: PROJECT_ID,
      projectId: PROJECT_ID,
    });
  });
});
