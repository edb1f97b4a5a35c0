import { Suspense } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/lib/toast';
import { envelope, fakeServices, sessionFor, type FetchHandler } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { SendTestButton } from './send-test-button';

const DRAFT = { title: 'Price drop', description: 'Diesel is cheaper today' };

async function render(options: {
  fetch?: FetchHandler;
  vapidKey?: string;
  prepare?: () => Promise<typeof DRAFT | null>;
}) {
  const services = fakeServices({ session: sessionFor(), fetch: options.fetch });
  services.push = { ...services.push, vapidKey: options.vapidKey };
  await renderApp(
    <Suspense fallback={null}>
      <SendTestButton prepare={options.prepare ?? (() => Promise.resolve(DRAFT))} />
    </Suspense>,
    { services },
  );
  return services;
}

afterEach(() => vi.restoreAllMocks());

describe('Send test', () => {
  it('sends the draft to the test route and says it went to this browser', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    const services = await render({ vapidKey: 'key', fetch: () => envelope({ outcome: 'sent' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send test' }));
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith(
        'Test sent to this browser: it shows as a notification in a moment.',
      ),
    );
    const [url, init] = services.fetch.mock.calls[0] ?? [];
    expect(url).toMatch(/\/api\/push\/test$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual(DRAFT);
  });

  it('warns when no push token is registered, and passes on why FCM refused', async () => {
    const warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    let reply: unknown = { outcome: 'no-token' };
    await render({ vapidKey: 'key', fetch: () => envelope(reply) });
    const button = await screen.findByRole('button', { name: 'Send test' });
    await userEvent.click(button);
    await vi.waitFor(() =>
      expect(warning).toHaveBeenCalledWith(
        'No push token is registered for your browser.',
        expect.stringContaining('Allow notifications'),
      ),
    );
    reply = { outcome: 'refused', reason: 'messaging/invalid-argument' };
    await userEvent.click(button);
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        'The push service refused the test: messaging/invalid-argument',
      ),
    );
  });

  it('sends nothing while the form is not ready', async () => {
    const services = await render({ vapidKey: 'key', prepare: () => Promise.resolve(null) });
    await userEvent.click(await screen.findByRole('button', { name: 'Send test' }));
    expect(services.fetch).not.toHaveBeenCalled();
  });

  it('stays, disabled, and says what to configure in a build without a web push key', async () => {
    await render({});
    const hint = await screen.findByText(/set VITE_FCM_VAPID_KEY/);
    const button = screen.getByRole('button', { name: 'Send test' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(hint.textContent ?? '');
  });
});
