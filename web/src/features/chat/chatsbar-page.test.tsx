import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render';
import { sessionFor } from '@/testing/fakes';
import { ChatsbarPage } from './chatsbar-page';

const SAMPLE = [
  'Hi! Did the new diesel prices reach the stations this morning?',
  'Yes, all of them were updated at 6 AM.',
  'Great. Drivers in the Bay Area group asked about the weekend offer.',
  'I will post an announcement about it this afternoon.',
  'Thanks! Can you also send them the invoice for last month?',
  'Sure, I will send it from the group page.',
];

const conversation = () => within(screen.getByRole('list', { name: 'Conversation' }));
const shown = () =>
  conversation()
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('the demo chat (/chatsbar)', () => {
  it('shows its sample conversation, the contact on the left and "you" on the right', async () => {
    const { services } = await renderApp(<ChatsbarPage />, { session: sessionFor() });
    expect(await screen.findByRole('heading', { name: 'Matt Pears' })).toBeVisible();
    expect(shown()).toEqual(SAMPLE);
    const items = conversation().getAllByRole('listitem');
    expect(items.map((item) => item.className.includes('flex-row-reverse'))).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
    expect(within(items[0] as HTMLElement).getByText('2:30 PM')).toBeVisible();
    expect(screen.getByText('Demo conversation: nothing is sent')).toBeVisible();
    // A static demo: it reaches no server.
    expect(services.fetch).not.toHaveBeenCalled();
  });

  it('switches the contact and keeps what is typed on the page only', async () => {
    const { services } = await renderApp(<ChatsbarPage />, { session: sessionFor() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Teresa Fox/ }));
    expect(screen.getByRole('heading', { name: 'Teresa Fox' })).toBeVisible();
    expect(screen.getByRole('button', { name: /Teresa Fox/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(screen.getByText('Offline')).toBeVisible();

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '   {Enter}');
    expect(shown()).toHaveLength(SAMPLE.length);
    await user.type(box, '  See you at the station  {Enter}');
    expect(shown()).toEqual([...SAMPLE, 'See you at the station']);
    expect(box).toHaveValue('');
    expect(services.fetch).not.toHaveBeenCalled();
  });
});
