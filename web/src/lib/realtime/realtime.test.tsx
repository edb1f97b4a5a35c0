import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initializeApp } from 'firebase/app';
import { inMemoryPersistence, initializeAuth } from 'firebase/auth';
import { getDatabase } from 'firebase/database';
import { useDatabase } from 'reactfire';
import { describe, expect, it, vi } from 'vitest';
import { fakeServices } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { RealtimeProvider } from './realtime';

// The real SDKs, offline: nothing here connects until a query is made.
const app = initializeApp({ apiKey: 'fake-api-key', projectId: 'demo-test' }, 'realtime-test');
const sdks = {
  app,
  auth: initializeAuth(app, { persistence: inMemoryPersistence }),
  database: getDatabase(app, 'http://127.0.0.1:9000?ns=demo-test'),
};

function DatabaseName() {
  return <p>database of {useDatabase().app.name}</p>;
}

function renderProvider(realtime: () => Promise<typeof sdks>) {
  const services = fakeServices();
  services.firebase = { ...services.firebase, realtime: vi.fn(realtime) };
  return renderApp(
    <RealtimeProvider
      fallback={<p>Loading the chat</p>}
      failed={(retry) => (
        <button type="button" onClick={retry}>
          Try again
        </button>
      )}
    >
      <DatabaseName />
    </RealtimeProvider>,
    { services },
  );
}

describe('RealtimeProvider', () => {
  it('shows the fallback until the SDKs are there, then its children with the database', async () => {
    let resolve: (value: typeof sdks) => void = () => {};
    const { services } = await renderProvider(() => new Promise((done) => (resolve = done)));
    expect(screen.getByText('Loading the chat')).toBeInTheDocument();
    resolve(sdks);
    expect(await screen.findByText('database of realtime-test')).toBeInTheDocument();
    expect(screen.queryByText('Loading the chat')).not.toBeInTheDocument();
    expect(services.firebase.realtime).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when the SDKs cannot be loaded, and loads them again on it', async () => {
    const realtime = vi
      .fn<() => Promise<typeof sdks>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(sdks);
    await renderProvider(realtime);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('database of realtime-test')).toBeInTheDocument();
    expect(realtime).toHaveBeenCalledTimes(2);
  });
});
