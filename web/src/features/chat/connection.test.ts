import { describe, expect, it } from 'vitest';
import {
  CONNECT_GRACE_MS,
  nextConnection,
  offlineFor,
  type Connection,
  type ConnectionEvent,
} from './connection';

const run = (start: Connection, events: ConnectionEvent[]) => events.reduce(nextConnection, start);

describe('the chat connection', () => {
  it('is not called offline while the page is still connecting', () => {
    const start: Connection = { status: 'connecting', since: 1000 };
    expect(
      run(start, [
        { type: 'signal', connected: false, at: 1000 },
        { type: 'tick', at: 1000 + CONNECT_GRACE_MS - 1 },
      ]),
    ).toEqual(start);
    expect(run(start, [{ type: 'signal', connected: true, at: 1500 }])).toEqual({
      status: 'online',
    });
  });

  it('is offline since the page started when it never connects', () => {
    expect(
      run({ status: 'connecting', since: 1000 }, [{ type: 'tick', at: 1000 + CONNECT_GRACE_MS }]),
    ).toEqual({ status: 'offline', since: 1000 });
  });

  it('is offline since the moment the connection dropped, and online when it returns', () => {
    const dropped = run({ status: 'online' }, [
      { type: 'signal', connected: false, at: 50_000 },
      { type: 'tick', at: 90_000 },
      { type: 'signal', connected: false, at: 95_000 },
    ]);
    expect(dropped).toEqual({ status: 'offline', since: 50_000 });
    expect(nextConnection(dropped, { type: 'signal', connected: true, at: 99_000 })).toEqual({
      status: 'online',
    });
  });

  it('says how long it has been offline in minutes, then hours', () => {
    expect(offlineFor(0, 59_999)).toEqual({ unit: 'under-a-minute' });
    expect(offlineFor(0, 2 * 60_000 + 5_000)).toEqual({ unit: 'minutes', minutes: 2 });
    expect(offlineFor(0, 135 * 60_000)).toEqual({ unit: 'hours', hours: 2, minutes: 15 });
  });
});
