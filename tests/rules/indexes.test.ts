/**
 * The queries the app and the functions make, each on a child the rules index: without the
 * `.indexOn`, the database sends the whole node and the SDK filters it (with a warning), so a
 * count of a few pending requests would download every request ever kept.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules, hasIndex } from '../../dev/rtdb/rules.js';
import {
  changePaths,
  PENDING_REQUESTS,
  scheduledPaths,
} from '../../functions/src/contracts/index.js';
import { RULES_FILE } from './evaluate.js';

const rules = compileRules(fs.readFileSync(RULES_FILE, 'utf8'));

describe('the indexes the queries need', () => {
  it("the shell's count of pending change requests", () => {
    expect(hasIndex(rules, [changePaths.changeRequests()], PENDING_REQUESTS.orderByChild)).toBe(
      true,
    );
  });

  it('the scheduled sends the functions pick up and the History lists, by status', () => {
    expect(hasIndex(rules, [scheduledPaths.scheduledAlerts()], 'status')).toBe(true);
  });
});
