import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';
import { envelope, fakeServices, grantPush, offlineFirebase } from '@/testing/fakes';
import { submitLogin } from './login-flow';

const admin = { id: 1, name: 'Ada Admin', email: 'admin@x.test', role: ['admin'], device_ids: [] };
const granted = { token: 'api-token', user: admin, firebaseToken: 'custom' };

/** Services in a browser that offers push, whose Firebase app and config come from `load`. */
function servicesWithPush(load: () => Promise<never>) {
  const services = fakeServices({ fetch: () => envelope(granted) });
  const firebase: FirebaseRuntime = { ...offlineFirebase(), app: load, config: load };
  return { ...services, push: { ...services.push, firebase, vapidKey: 'public-vapid-key' } };
}

function sentDeviceId(services: ReturnType<typeof servicesWithPush>) {
  const [, init] = services.fetch.mock.calls[0] ?? [];
  return (JSON.parse(String(init?.body)) as { device_id: unknown }).device_id;
}

let push: ReturnType<typeof grantPush>;
beforeEach(() => {
  push = grantPush();
});

afterEach(() => {
  vi.useRealTimers();
  push.undo();
});

describe('signing in while the push token cannot be had', () => {
  it('signs in with an empty device id when asking for the token fails', async () => {
    const services = servicesWithPush(() => Promise.reject(new Error('messaging/token-failed')));
    await expect(
      submitLogin(services, { email: 'admin@x.test', password: 'secret' }, vi.fn()),
    ).resolves.toBe('signed-in');
    expect(sentDeviceId(services)).toBe('');
    expect(services.session.get()?.token).toBe('api-token');
  });

  it('signs in after 3000 ms with an empty device id when the token never comes', async () => {
    vi.useFakeTimers();
    const services = servicesWithPush(() => new Promise<never>(() => {}));
    let outcome: string | undefined;
    void submitLogin(services, { email: 'admin@x.test', password: 'secret' }, vi.fn()).then(
      (result) => (outcome = result),
    );
    await vi.advanceTimersByTimeAsync(2999);
    expect(services.fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(outcome).toBe('signed-in'));
    expect(sentDeviceId(services)).toBe('');
    expect(services.session.get()?.token).toBe('api-token');
  });
});
