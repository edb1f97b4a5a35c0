import { describe, expect, it } from 'vitest';
import { MemoryDb } from '../../testing/memory-db.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import type { Db } from '../ports.js';
import {
  isPriceRead,
  keptAfterRead,
  priceDayOf,
  priceReadOf,
  recordPriceRead,
} from './price-history.js';

const NOW = 1_750_000_000_000;

describe("the price history's day", () => {
  const saved = { regular: 3.49, premium: 3.99, diesel: 4.1, renew_99: 5, b_20: 4.5 };

  it('is the saved record, when and by whom, under its group, type and date', () => {
    expect(
      priceDayOf({ groupId: '5', typeId: '2' }, { ...saved, date: '2026-11-25' }, '1', NOW),
    ).toEqual({ 'priceHistory/5/2/2026-11-25': { ...saved, at: NOW, by: '1' } });
  });

  it('takes the type the upstream saved over the one the request named', () => {
    const payload = { ...saved, date: '2026-11-25', fuel_price_type_id: 3 };
    expect(Object.keys(priceDayOf({ groupId: '5', typeId: '2' }, payload, '1', NOW))).toEqual([
      'priceHistory/5/3/2026-11-25',
    ]);
  });

  it('reads the day from the fields sent when the reply echoes no price record', () => {
    const sent = {
      fuel_price_type_id: '2',
      regular: '3.49',
      premium: '3.99',
      diesel: '4.1',
      renew_99: '5',
      b_20: '4.5',
      date: '2026-11-25',
    };
    for (const payload of [undefined, null, { id: 9 }]) {
      expect(priceDayOf({ groupId: '5', typeId: '2', sent }, payload, '1', NOW)).toEqual({
        'priceHistory/5/2/2026-11-25': { ...saved, at: NOW, by: '1' },
      });
    }
  });

  it('is nothing for a reply that is no price record, or keys the database cannot hold', () => {
    const day = { ...saved, date: '2026-11-25' };
    expect(priceDayOf({ groupId: '5', typeId: '2' }, null, '1', NOW)).toEqual({});
    expect(priceDayOf({ groupId: '5', typeId: undefined }, day, '1', NOW)).toEqual({});
    expect(priceDayOf({ groupId: 'a.b', typeId: '2' }, day, '1', NOW)).toEqual({});
    expect(priceDayOf({ groupId: '5', typeId: '2' }, { ...day, date: '25/11' }, '1', NOW)).toEqual(
      {},
    );
    expect(priceDayOf({ groupId: '5', typeId: '2' }, { ...day, regular: -1 }, '1', NOW)).toEqual(
      {},
    );
  });
});

describe('a price read', () => {
  const prices = { regular: 3.49, premium: 3.99, diesel: 4.1, renew_99: 5, b_20: 4.5 };
  const segments = ['admin', 'group', '5', 'fuel-prices', '2'];

  it('is a GET of one group and type, nothing else', () => {
    expect(isPriceRead('GET', segments)).toBe(true);
    expect(isPriceRead('POST', segments)).toBe(false);
    expect(isPriceRead('GET', ['admin', 'group', '5', 'fuel-prices'])).toBe(false);
    expect(isPriceRead('GET', [...segments, 'x'])).toBe(false);
    expect(isPriceRead('GET', ['admin', 'groups', '5', 'fuel-prices', '2'])).toBe(false);
  });

  it("is kept under the record's own date, without anybody's name", () => {
    expect(priceReadOf(segments, { ...prices, date: '2026-11-20' }, NOW)).toEqual({
      path: 'priceHistory/5/2/2026-11-20',
      day: { ...prices, at: NOW },
    });
  });

  it('keeps nothing of a reply that is no price record', () => {
    expect(priceReadOf(segments, null, NOW)).toBeNull();
    expect(priceReadOf(segments, { ...prices, date: '20/11' }, NOW)).toBeNull();
    expect(priceReadOf(segments, { ...prices, regular: -1, date: '2026-11-20' }, NOW)).toBeNull();
    expect(priceReadOf(['admin', 'group', 'a.b', 'fuel-prices', '2'], prices, NOW)).toBeNull();
  });
});

describe('a read day kept in the history', () => {
  const prices = { regular: 3.49, premium: 3.99, diesel: 4.1, renew_99: 5, b_20: 4.5 };
  const read = { ...prices, at: NOW };
  const path = 'priceHistory/5/2/2026-11-20';

  it('fills a day the history lacks', async () => {
    const db = new MemoryDb();
    await recordPriceRead({ path, day: read }, { db, now: () => NOW, logger: recordingLogger() });
    expect(db.at(path)).toEqual(read);
  });

  it("never replaces an admin's save, which the read may have left before", () => {
    expect(keptAfterRead({ ...prices, regular: 3, at: 1, by: '7' }, read)).toBeUndefined();
  });

  it('replaces an older read only when the prices differ', () => {
    expect(keptAfterRead({ ...prices, at: 1 }, read)).toBeUndefined();
    expect(keptAfterRead({ ...prices, regular: 3, at: 1 }, read)).toEqual(read);
    expect(keptAfterRead({ broken: true }, read)).toEqual(read);
  });

  it('logs a write that fails, and rejects nothing', async () => {
    const logger = recordingLogger();
    const db = {
      transaction: () => Promise.reject(new Error('offline')),
    } as unknown as Db;
    await recordPriceRead({ path, day: read }, { db, now: () => NOW, logger });
    expect(JSON.stringify(logger.lines)).toContain('offline');
  });
});
