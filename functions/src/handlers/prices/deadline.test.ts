import { describe, expect, it } from 'vitest';
import { auditEntrySchema, missingRows, type AuditEntry } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import {
  adminCalls,
  auditedDeps,
  adminEntry,
  liveSession,
  rolesRecord,
} from '../../testing/admin-calls.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { childrenOf } from '../ports.js';
import { createRecordingSender } from '../push/index.js';
import { DEADLINE_PUSH_TITLE, remindPriceDeadline } from './index.js';

/**
 * The daily price deadline (17:00 in Los Angeles the day before, by default), over a memory
 * database: the index of days the history holds, late saves, and the reminder. Admin 1 owns the
 * deployment, 2 saves prices, 4 answers complaints.
 */

/** 16:30 in Los Angeles on Nov 30 (PST): half an hour before Dec 1's prices are due. */
const HALF_HOUR_BEFORE = Date.parse('2026-12-01T00:30:00Z');
const TODAY = '2026-11-30';
const TOMORROW = '2026-12-01';
const HOUR = 3_600_000;
const PRICES = { regular: 4.5, premium: 5.2, diesel: 4.95, renew_99: 4.9, b_20: 4.8 };

const session = liveSession(HALF_HOUR_BEFORE + 10 * HOUR);

function world(initial: Record<string, unknown> = {}) {
  let now = HALF_HOUR_BEFORE;
  const clock = () => now;
  const db = new MemoryDb({
    roleSettings: { inUse: true },
    adminRoles: {
      '1': rolesRecord('owner'),
      '2': rolesRecord('prices'),
      '4': rolesRecord('support'),
    },
    adminSessions: { '1': session, '2': session, '4': session },
    admins: { '1': adminEntry('1'), '2': adminEntry('2'), '4': adminEntry('4') },
    ...initial,
  });
  const sender = createRecordingSender(db, clock);
  const { call } = adminCalls({
    db,
    now: clock,
    owners: ['1'],
    upstream: (method) =>
      method === 'GET'
        ? Response.json({
            metadata: { success: 1, message: '' },
            payload: { ...PRICES, date: TODAY },
          })
        : Response.json({ metadata: { success: 1, message: '' }, payload: null }),
    deps: auditedDeps(db, clock, sender),
  });
  const save = (group: string, type: string, date: string) =>
    call('2', 'POST', `/admin/group/${group}/fuel-prices`, {
      fuel_price_type_id: type,
      date,
      ...PRICES,
    });
  const read = (group: string, type: string, date: string) =>
    call('2', 'GET', `/admin/group/${group}/fuel-prices/${type}?date=${date}`);
  const remind = () => remindPriceDeadline({ db, now: clock, logger: recordingLogger(), sender });
  const audit = (): AuditEntry[] =>
    Object.values(childrenOf(db.at('auditLog'))).map((value) => auditEntrySchema.parse(value));
  const outbox = () => Object.values(childrenOf(db.at('outbox')));
  const missing = () => missingRows(db.at(`priceDays/${TODAY}`), db.at(`priceDays/${TOMORROW}`));
  return { db, save, read, remind, audit, outbox, missing, at: (ms: number) => (now = ms) };
}

describe('the rows missing for tomorrow', () => {
  it('are the rows the history holds for today and not for tomorrow, as saves and reads leave them', async () => {
    const { save, read, missing } = world();
    await read('7', '1', TODAY);
    await save('7', '2', TODAY);
    await save('8', '1', TODAY);
    expect(missing()).toEqual(['7:1', '7:2', '8:1']);
    await save('7', '2', TOMORROW);
    expect(missing()).toEqual(['7:1', '8:1']);
  });
});

describe('a save after the deadline', () => {
  it('is marked late in the audit trail; one before it is not', async () => {
    const { save, audit, at } = world();
    await save('7', '1', TOMORROW);
    at(HALF_HOUR_BEFORE + HOUR);
    await save('7', '2', TOMORROW);
    // A day further ahead is due only tomorrow.
    await save('7', '3', '2026-12-02');
    expect(audit().map((entry) => entry.late)).toEqual([undefined, true, undefined]);
  });
});

describe('the reminder an hour before the deadline', () => {
  it('goes once to the signed-in admins who save prices, while rows are missing', async () => {
    const { save, remind, outbox } = world();
    await save('7', '1', TODAY);
    await remind();
    await remind();
    expect(outbox()).toEqual(
      ['browser-of-1', 'browser-of-2'].map((token) =>
        expect.objectContaining({
          token,
          notification: {
            title: DEADLINE_PUSH_TITLE,
            body: `1 price row is missing for ${TOMORROW}: due at 17:00 (Los Angeles).`,
          },
          data: { type: 'price-deadline', day: TOMORROW },
        }),
      ),
    );
  });

  it('is not sent before the hour, after the deadline, or with nothing missing', async () => {
    const { save, remind, outbox, at } = world();
    await save('7', '1', TODAY);
    at(HALF_HOUR_BEFORE - HOUR);
    await remind();
    at(HALF_HOUR_BEFORE + HOUR);
    await remind();
    expect(outbox()).toEqual([]);
    at(HALF_HOUR_BEFORE);
    await save('7', '1', TOMORROW);
    await remind();
    expect(outbox()).toEqual([]);
  });

  it('follows the deadline an owner sets', async () => {
    const policy = {
      pushAll: true,
      expiresAfterHours: 48,
      priceDeadline: '18:00',
      updatedAt: 1,
      updatedBy: '1',
    };
    const { save, remind, outbox } = world({ changePolicy: policy });
    await save('7', '1', TODAY);
    // 16:30 is more than an hour before 18:00.
    await remind();
    expect(outbox()).toEqual([]);
  });
});
