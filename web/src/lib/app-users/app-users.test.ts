import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiError } from '../api/api-client';
import { silentLogger } from '../logger';
import { loadAppUsers, type WorkerLike } from './app-users';
import { packAppUsers } from './packed';
import type { LoadRequest, WorkerReply } from './protocol';

type Listener = (event: MessageEvent<unknown> & ErrorEvent) => void;

/** A worker that answers a load request with the replies given (or fails to run). */
function fakeWorker(answer: (request: LoadRequest) => WorkerReply[] | 'crash') {
  const listeners = new Map<string, Listener[]>();
  const worker = {
    requests: [] as LoadRequest[],
    terminated: false,
    addEventListener(type: string, listener: Listener) {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    },
    postMessage(request: LoadRequest) {
      worker.requests.push(request);
      queueMicrotask(() => {
        const replies = answer(request);
        if (replies === 'crash') {
          const event = Object.assign(new Event('error'), { message: 'script failed' });
          for (const listener of listeners.get('error') ?? []) listener(event as never);
          return;
        }
        for (const data of replies) {
          for (const listener of listeners.get('message') ?? []) listener({ data } as never);
        }
      });
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

const kevin = { id: 4, name: 'Kevin Jones', email: 'kevin@example.com', device_ids: ['t'] };

function deps(worker: WorkerLike | null, fetch = vi.fn<typeof globalThis.fetch>()) {
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    fetch,
    getToken: () => 'token-1',
    onUnauthorized,
    logger: silentLogger,
  });
  return {
    api,
    getToken: () => 'token-1',
    onUnauthorized,
    logger: silentLogger,
    createWorker: () => worker,
    fetch,
  };
}

const listReply = (payload: unknown[] = [kevin]) =>
  new Response(JSON.stringify({ metadata: { success: 1, message: '' }, payload }), {
    status: 200,
  });

describe('loading the app users', () => {
  it('loads in the worker with the session token, then lets the worker go', async () => {
    const worker = fakeWorker(() => [
      { type: 'log', level: 'info', message: 'parsed' },
      { type: 'loaded', users: packAppUsers([kevin]) },
    ]);
    const d = deps(worker);
    const { items: rows } = await loadAppUsers(d);
    expect(rows.map((row) => [row.id, row.name, row.email, row.devices])).toEqual([
      [4, 'Kevin Jones', 'kevin@example.com', 1],
    ]);
    expect(worker.requests).toEqual([{ type: 'load', token: 'token-1' }]);
    expect(worker.terminated).toBe(true);
    expect(d.fetch).not.toHaveBeenCalled();
  });

  it("passes on the worker's failure, and ends the session on a 401", async () => {
    const worker = fakeWorker(() => [
      { type: 'failed', kind: 'unauthorized', lines: ['Unauthenticated.'], status: 401 },
    ]);
    const d = deps(worker);
    const failure = await loadAppUsers(d).catch((error: unknown) => error as ApiError);
    expect(failure).toMatchObject({ kind: 'unauthorized', lines: ['Unauthenticated.'] });
    expect(d.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on other failures', async () => {
    const worker = fakeWorker(() => [{ type: 'failed', kind: 'network', lines: [] }]);
    const d = deps(worker);
    await expect(loadAppUsers(d)).rejects.toMatchObject({ kind: 'network' });
    expect(d.onUnauthorized).not.toHaveBeenCalled();
  });

  it('loads on the page when the worker cannot run', async () => {
    const worker = fakeWorker(() => 'crash');
    const d = deps(
      worker,
      vi.fn(() => Promise.resolve(listReply())),
    );
    const { items: rows } = await loadAppUsers(d);
    expect(rows.map((row) => row.name)).toEqual(['Kevin Jones']);
    expect(d.fetch).toHaveBeenCalledTimes(1);
    expect(worker.terminated).toBe(true);
  });

  it('loads on the page where there are no workers', async () => {
    const d = deps(
      null,
      vi.fn(() => Promise.resolve(listReply())),
    );
    const { items: rows } = await loadAppUsers(d);
    expect(rows.map((row) => row.id)).toEqual([4]);
  });

  it('shows the users it can read and counts the ones it cannot', async () => {
    const d = deps(
      null,
      vi.fn(() => Promise.resolve(listReply([{ id: 9 }, kevin, { name: 'No id' }]))),
    );
    const list = await loadAppUsers(d);
    expect(list.items.map((row) => row.id)).toEqual([4]);
    expect(list.skipped).toBe(2);
  });

  it('refuses a reply it cannot read', async () => {
    const worker = fakeWorker(() => [{ type: 'loaded', users: { count: 1 } } as never]);
    await expect(loadAppUsers(deps(worker))).rejects.toMatchObject({ kind: 'invalid-reply' });
  });
});
