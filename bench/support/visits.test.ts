import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../dev/logger.ts';
import { NotMeasured, repeatVisits, stackFailed, StackHiccup } from './visits.ts';

const options = { retries: 2, log: silentLogger, what: 'test' };

describe('repeatVisits', () => {
  it('makes again a visit the stack failed, and says why', async () => {
    let calls = 0;
    const outcome = await repeatVisits(
      3,
      async () => {
        calls++;
        if (calls === 2) throw new StackHiccup('GET /api/admin/user → HTTP 504');
        return calls;
      },
      options,
    );
    expect(outcome).toEqual({ results: [1, 3, 4], retried: ['GET /api/admin/user → HTTP 504'] });
  });

  it('gives up after its retries, and never retries what the screen itself lacks', async () => {
    await expect(
      repeatVisits(
        1,
        async () => {
          throw new StackHiccup('HTTP 502');
        },
        options,
      ),
    ).rejects.toThrow('HTTP 502');
    let calls = 0;
    await expect(
      repeatVisits(
        3,
        async () => {
          calls++;
          throw new NotMeasured('no users:sort:painted');
        },
        options,
      ),
    ).rejects.toThrow(NotMeasured);
    expect(calls).toBe(1);
  });
});

describe('stackFailed', () => {
  it('is a server error on an /api call, not a client one', () => {
    expect(stackFailed(['GET /api/admin/user → HTTP 504'])).toBe(true);
    expect(stackFailed(['GET /api/me → HTTP 401', 'TypeError: x is undefined'])).toBe(false);
  });
});
