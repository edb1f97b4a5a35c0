import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import type { Connection } from '../connection';
import { ChatHeader } from './chat-header';

function renderHeader(connection: Connection, now: number) {
  return renderApp(
    <ChatHeader
      group={{ name: 'Diesel drivers', image: null }}
      memberCount={2}
      countLabel="3"
      hasOlder={false}
      connection={connection}
      now={now}
    />,
  );
}

describe('the chat header', () => {
  it('says, politely, how long the database connection has been down', async () => {
    await renderHeader({ status: 'offline', since: 0 }, 2 * 60_000 + 10_000);
    expect(await screen.findByRole('status')).toHaveTextContent('Offline for 2 min');
  });

  it('says nothing of the connection while it is up or still being made', async () => {
    await renderHeader({ status: 'online' }, 0);
    expect((await screen.findByRole('status')).textContent).toBe('');
    await renderHeader({ status: 'connecting', since: 0 }, 60_000);
    expect(screen.queryByText(/Offline/)).toBeNull();
  });
});
