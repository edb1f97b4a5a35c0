import { describe, expect, it } from 'vitest';
import { resolveSendAt, valuesAt } from './send-later-time';

const utc = (iso: string) => Date.parse(iso);

describe('Los Angeles time for a later send', () => {
  it('round-trips a stored time into the form values', () => {
    const sendAt = utc('2026-03-08T10:00:00Z');
    expect(valuesAt(sendAt)).toEqual({ later: true, date: '2026-03-08', time: '03:00' });
    expect(resolveSendAt(valuesAt(sendAt), sendAt - 1)).toEqual({ ok: true, sendAt });
  });
});

describe('checking the time of a later send', () => {
  const now = utc('2026-07-04T16:30:00Z');

  it('sends now when later is not chosen', () => {
    expect(resolveSendAt({ later: false, date: '', time: '' }, now)).toEqual({
      ok: true,
      sendAt: null,
    });
  });

  it('needs a date and a time that exist, in the future', () => {
    const at = (date: string, time: string) => resolveSendAt({ later: true, date, time }, now);
    expect(at('', '10:00')).toEqual({ ok: false, error: 'SEND_LATER.ERROR_REQUIRED' });
    expect(at('2026-02-30', '10:00')).toEqual({ ok: false, error: 'SEND_LATER.ERROR_INVALID' });
    expect(at('2027-03-14', '02:15')).toEqual({ ok: false, error: 'SEND_LATER.ERROR_SKIPPED' });
    expect(at('2026-07-04', '09:30')).toEqual({ ok: false, error: 'SEND_LATER.ERROR_PAST' });
    expect(at('2026-07-04', '09:31')).toEqual({ ok: true, sendAt: now + 60_000 });
  });
});
