import { describe, expect, it } from 'vitest';
import { answerLoadRequest, type WorkerReply } from './protocol';
import { unpackAppUsers } from './packed';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

async function run(message: unknown, answer: (url: string, init: RequestInit) => Response) {
  const posted: { reply: WorkerReply; transfer: Transferable[] | undefined }[] = [];
  const requests: { url: string; headers: Record<string, string> }[] = [];
  await answerLoadRequest(message, {
    fetch: (input, init) => {
      requests.push({
        url: String(input),
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      return Promise.resolve(answer(String(input), init ?? {}));
    },
    post: (message, transfer) => posted.push({ reply: message, transfer }),
  });
  return { posted, requests };
}

describe('the users worker', () => {
  it('loads /api/admin/user with the token and hands back the packed list', async () => {
    const { posted, requests } = await run({ type: 'load', token: 'token-7' }, () =>
      reply(200, {
        metadata: { success: 1, message: '' },
        payload: [{ id: 4, name: 'Kevin Jones', device_ids: ['t1'] }],
      }),
    );
    expect(requests).toEqual([
      {
        url: '/api/admin/user',
        headers: { Accept: 'application/json', Authorization: 'Bearer token-7' },
      },
    ]);
    expect(posted).toHaveLength(1);
    const loaded = posted[0]?.reply;
    if (loaded?.type !== 'loaded') throw new Error(`expected loaded, got ${loaded?.type}`);
    const [row, ...others] = unpackAppUsers(loaded.users);
    expect(others).toEqual([]);
    expect([row?.id, row?.name, row?.email, row?.image, row?.devices]).toEqual([
      4,
      'Kevin Jones',
      '',
      '',
      1,
    ]);
    // The columns are handed over, not copied.
    expect(posted[0]?.transfer).toHaveLength(6);
  });

  it('reports a refused session as unauthorized', async () => {
    const { posted } = await run({ type: 'load', token: 'old' }, () =>
      reply(401, { metadata: { success: 0, message: 'Unauthenticated.' }, payload: null }),
    );
    expect(posted.map((p) => p.reply)).toEqual([
      { type: 'failed', kind: 'unauthorized', lines: ['Unauthenticated.'], status: 401 },
    ]);
  });

  it('reports a payload of the wrong shape, with a log line for the page', async () => {
    const { posted } = await run({ type: 'load', token: 't' }, () =>
      reply(200, { metadata: { success: 1, message: '' }, payload: { id: 1 } }),
    );
    expect(posted.map((p) => p.reply.type)).toEqual(['log', 'failed']);
    expect(posted[1]?.reply).toEqual({
      type: 'failed',
      kind: 'invalid-reply',
      lines: [],
      status: 200,
    });
  });

  it('leaves out the users it cannot read and says how many', async () => {
    const { posted } = await run({ type: 'load', token: 't' }, () =>
      reply(200, {
        metadata: { success: 1, message: '' },
        payload: [{ id: 'x' }, { id: 7, name: 'Kim', device_ids: [] }],
      }),
    );
    const loaded = posted[0]?.reply;
    if (loaded?.type !== 'loaded') throw new Error(`expected the list, got ${loaded?.type}`);
    expect(loaded.users.skipped).toBe(1);
    expect(unpackAppUsers(loaded.users).map((row) => row.name)).toEqual(['Kim']);
  });

  it('refuses a message that is not a load request without calling the API', async () => {
    const { posted, requests } = await run({ type: 'drop-tables' }, () => reply(200, {}));
    expect(requests).toEqual([]);
    expect(posted.map((p) => p.reply)).toEqual([
      { type: 'failed', kind: 'invalid-reply', lines: [] },
    ]);
  });
});
