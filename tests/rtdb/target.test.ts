/**
 * Says, in one line, which database the compatibility tests ran against (the official emulator or our engine),
 * after checking it answers.
 */
import { get, ref, set } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialDatabaseEmulatorMissing } from '../../dev/emulators.ts';
import { officialEmulator, startDatabase, type TestDatabase } from './support.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await startDatabase({ rules: { '.read': true, '.write': true } });
});
afterAll(async () => {
  await db.close();
});

describe('the database under test', () => {
  it('answers, and the run says which one it is', async () => {
    await set(ref(db.client(), 'ping'), 'pong');
    expect((await get(ref(db.client(), 'ping'))).val()).toBe('pong');
    const missing = officialDatabaseEmulatorMissing();
    const whyNot =
      missing === undefined
        ? 'it could run here, but RTDB_EMULATOR_HOST names none'
        : `it cannot run here: ${missing}`;
    process.stdout.write(
      officialEmulator === undefined
        ? `rtdb: the official Database emulator was not used (${whyNot}); the compatibility tests ran against the offline engine (dev/rtdb).\n`
        : `rtdb: the compatibility tests ran against the official Database emulator at ${officialEmulator}.\n`,
    );
  });
});
