import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import type { Language } from '@/lib/i18n';
import type { Connection } from '../connection';
import { ChatHeader } from './chat-header';

function renderHeader(
  connection: Connection,
  now: number,
  { messageCount, language = 'en' }: { messageCount: number | undefined; language?: Language } = {
    messageCount: 3,
  },
) {
  return renderApp(
    <ChatHeader
      group={{ name: 'Diesel drivers', image: null }}
      memberCount={2}
      messageCount={messageCount}
      hasOlder={false}
      connection={connection}
      now={now}
    />,
    { language },
  );
}

const ONLINE: Connection = { status: 'online' };

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

  it('shows the group’s total message count, in the plural each language needs', async () => {
    const cases: [Language, number, string][] = [
      ['en', 1, '1 message'],
      ['en', 120, '120 messages'],
      ['de', 1, '1 Nachricht'],
      ['de', 0, '0 Nachrichten'],
      ['fr', 0, '0 message'],
      ['fr', 2, '2 messages'],
      ['fr', 1_000_000, '1000000 de messages'],
      ['es', 1, '1 mensaje'],
      ['es', 7, '7 mensajes'],
      ['ja', 1, 'メッセージ 1 件'],
      ['zh', 5, '5 条消息'],
    ];
    for (const [language, messageCount, text] of cases) {
      const { unmount } = await renderHeader(ONLINE, 0, { messageCount, language });
      const count = await screen.findByTestId('message-count');
      expect(count.textContent, `${language} ${messageCount}`).toBe(text);
      unmount();
    }
  });

  it('shows no count while the total is unknown', async () => {
    await renderHeader(ONLINE, 0, { messageCount: undefined });
    await screen.findByTestId('chat-group-name');
    expect(screen.queryByTestId('message-count')).toBeNull();
  });
});
