import { afterEach, describe, expect, it, vi } from 'vitest';
import { onAlertCreated } from './on-alert-created.js';
import { onAlertDeleted } from './on-alert-deleted.js';
import { pushAlertChunk } from './on-alert-chunk.js';
import { onChatMessageCreated } from './on-chat-message-created.js';
import { onChatMessageDeleted } from './on-chat-message-deleted.js';
import { onScheduledAlertWritten } from './on-scheduled-alert-written.js';
import { claimDeps } from './push-options.js';
import { upstreamFileBases } from './upstream-files.js';

/** What firebase-functions attaches to a function for the deploy: its trigger and settings. */
interface Endpoint {
  timeoutSeconds?: number;
  eventTrigger?: {
    eventType: string;
    eventFilterPathPatterns: Record<string, string>;
    retry: boolean;
  };
  taskQueueTrigger?: {
    retryConfig?: { maxAttempts?: number | null; minBackoffSeconds?: number | null };
    rateLimits?: { maxConcurrentDispatches?: number | null };
  };
}
const endpointOf = (fn: unknown) => (fn as { __endpoint: Endpoint }).__endpoint;

const CREATED = 'google.firebase.database.ref.v1.created';
const DELETED = 'google.firebase.database.ref.v1.deleted';
const WRITTEN = 'google.firebase.database.ref.v1.written';

describe('the database triggers', () => {
  // A wrong path or event would mean a push or a count that never happens.
  it.each([
    ['onAlertCreated', onAlertCreated, CREATED, 'notificationsAlert/{alertId}'],
    ['onAlertDeleted', onAlertDeleted, DELETED, 'notificationsAlert/{alertId}'],
    [
      'onChatMessageCreated',
      onChatMessageCreated,
      CREATED,
      'groups/{groupId}/groupChat/{messageId}',
    ],
    [
      'onChatMessageDeleted',
      onChatMessageDeleted,
      DELETED,
      'groups/{groupId}/groupChat/{messageId}',
    ],
    ['onScheduledAlertWritten', onScheduledAlertWritten, WRITTEN, 'scheduledAlerts/{scheduledId}'],
  ])('%s fires on its path, is retried and may run as long as a push', (_, fn, type, ref) => {
    const endpoint = endpointOf(fn);
    expect(endpoint.eventTrigger).toMatchObject({
      eventType: type,
      eventFilterPathPatterns: { ref },
      retry: true,
    });
    expect(endpoint.timeoutSeconds).toBe(540);
  });
});

describe('the alert chunk task queue', () => {
  it('retries a failed chunk with backoff, a few chunks at a time, as long as a push', () => {
    const endpoint = endpointOf(pushAlertChunk);
    expect(endpoint.taskQueueTrigger?.retryConfig?.maxAttempts).toBeGreaterThan(1);
    expect(endpoint.taskQueueTrigger?.retryConfig?.minBackoffSeconds).toBeGreaterThan(0);
    expect(endpoint.taskQueueTrigger?.rateLimits?.maxConcurrentDispatches).toBeGreaterThan(0);
    expect(endpoint.timeoutSeconds).toBe(540);
  });
});

describe('claimDeps', () => {
  it("takes over a claim once it is older than the function's timeout", () => {
    expect(claimDeps().takeoverMs).toBe((endpointOf(onAlertCreated).timeoutSeconds ?? 0) * 1000);
  });

  it('names each invocation apart and reads the clock', () => {
    vi.useFakeTimers({ now: 1_750_000_000_000 });
    const first = claimDeps();
    const second = claimDeps();
    vi.useRealTimers();
    expect(first.invocation).not.toBe(second.invocation);
    expect(first.invocation).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.now()).toBe(1_750_000_000_000);
  });
});

describe('upstreamFileBases', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('is the upstream origin + /storage, or the bases UPSTREAM_FILE_ORIGINS names', () => {
    vi.stubEnv('UPSTREAM_API_URL', 'https://api.example.com/api');
    expect(upstreamFileBases()?.map(String)).toEqual(['https://api.example.com/storage']);
    vi.stubEnv('UPSTREAM_FILE_ORIGINS', 'https://cdn.example.com/files/, https://b.example.com/x');
    expect(upstreamFileBases()?.map(String)).toEqual([
      'https://cdn.example.com/files',
      'https://b.example.com/x',
    ]);
  });

  it('is undefined when the upstream URL or a file base is unusable', () => {
    vi.stubEnv('UPSTREAM_API_URL', 'not a url');
    expect(upstreamFileBases()).toBeUndefined();
    vi.stubEnv('UPSTREAM_API_URL', 'https://api.example.com/api');
    vi.stubEnv('UPSTREAM_FILE_ORIGINS', 'ftp://files.example.com');
    expect(upstreamFileBases()).toBeUndefined();
  });
});
