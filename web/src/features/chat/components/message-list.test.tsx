import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { renderApp } from '@/testing/render';
import { MessageList, type MessageListProps } from './message-list';

// 2025-01-15 12:00 UTC = 4:00 AM in Los Angeles.
const T = Date.UTC(2025, 0, 15, 12, 0);

function message(id: string, fields: Partial<ChatMessage>): ChatMessage {
  return {
    senderUID: '12',
    receiverUID: '7',
    message: '',
    url: '',
    type: 'message',
    thumbnail: '',
    filetype: '',
    filename: '',
    userType: 'user',
    messageID: id,
    senderUserName: 'Olivia Martinez',
    deleteAbleId: '',
    thumbnailID: '',
    timeStamp: T,
    ...fields,
  };
}

const history = [
  message('a', { message: 'Is diesel cheaper today?' }),
  message('b', {
    senderUID: '1',
    senderUserName: 'Fuel Admin',
    userType: 'admin',
    message: 'Yes, 10 cents off.',
    timeStamp: T + 60_000,
  }),
  message('c', {
    type: 'image',
    url: 'https://app.test/api/files/storage/3/pump.jpg',
    filename: 'pump.jpg',
    timeStamp: T + 120_000,
  }),
  message('d', {
    type: 'file',
    url: 'https://app.test/api/files/storage/4/monthly-fuel-price-report-2025.pdf',
    filename: 'monthly-fuel-price-report-2025.pdf',
    filetype: 'application/pdf',
    timeStamp: T + 180_000,
  }),
  message('e', {
    type: 'video',
    url: 'https://app.test/api/files/storage/5/drive.mp4',
    thumbnail: 'https://app.test/api/files/storage/6/drive-cover.jpg',
    filename: 'drive.mp4',
    timeStamp: T + 240_000,
  }),
];

function props(overrides: Partial<MessageListProps> = {}): MessageListProps {
  return {
    messages: history,
    ready: true,
    hasOlder: false,
    loadingOlder: false,
    selfUid: '1',
    onLoadOlder: vi.fn(),
    onDelete: vi.fn(),
    onOpenImage: vi.fn(),
    ...overrides,
  };
}

beforeEach(() => {
  // jsdom lays nothing out; the virtualized list needs a viewport to fill.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(2000);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(80);
  HTMLElement.prototype.scrollTo = () => {};
});

describe('the message history', () => {
  it('shows each message by type, with its sender and its time in Los Angeles', async () => {
    await renderApp(<MessageList {...props()} />);
    const rows = await screen.findAllByTestId('chat-message');
    expect(rows.map((row) => row.dataset.type)).toEqual([
      'message',
      'message',
      'image',
      'file',
      'video',
    ]);
    const [text, mine, image, file, video] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(text).getByTestId('message-sender')).toHaveTextContent('Olivia Martinez');
    expect(within(text).getByTestId('message-time')).toHaveTextContent('4:00 AM');
    expect(within(text).getByText('Is diesel cheaper today?')).toBeVisible();
    expect(within(mine).getByText('Admin')).toBeVisible();
    expect(mine.className).toContain('flex-row-reverse');
    expect(within(image).getByRole('img', { name: 'pump.jpg' })).toHaveAttribute(
      'src',
      '/api/files/storage/3/pump.jpg',
    );
    expect(within(file).getByTestId('file-name')).toHaveTextContent('monthly-fuel-price-r…');
    expect(within(file).getByRole('link', { name: /Download/ })).toHaveAttribute(
      'href',
      '/api/files/storage/4/monthly-fuel-price-report-2025.pdf',
    );
    const player = within(video).getByTestId('message-video');
    expect(player).toHaveAttribute('poster', '/api/files/storage/6/drive-cover.jpg');
    expect(player).toHaveAttribute('controls');
    expect(screen.getByText('Wednesday, January 15, 2025')).toBeVisible();
    expect(screen.getByText('This is the beginning of the conversation')).toBeVisible();
  });

  it('opens an image larger and asks to delete a message', async () => {
    const p = props();
    await renderApp(<MessageList {...p} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open the image pump.jpg' }));
    expect(p.onOpenImage).toHaveBeenCalledWith(history[2]);
    const [first] = screen.getAllByRole('button', { name: 'Delete the message' });
    await user.click(first as HTMLElement);
    expect(p.onDelete).toHaveBeenCalledWith(history[0]);
  });

  it('turns an image that cannot be shown into a link to it', async () => {
    await renderApp(<MessageList {...props()} />);
    fireEvent.error(await screen.findByTestId('message-image'));
    expect(
      await screen.findByRole('link', { name: /The image cannot be shown here/ }),
    ).toHaveAttribute('href', '/api/files/storage/3/pump.jpg');
  });

  it('loads a member’s files only through the app’s file proxy, and never an address of anything else', async () => {
    const members = [
      message('up', {
        type: 'image',
        url: 'http://upstream.test/storage/9/station.png',
        filename: 'station.png',
      }),
      message('x', {
        type: 'image',
        url: 'https://tracker.example/pixel.png',
        filename: 'pixel.png',
        timeStamp: T + 60_000,
      }),
      message('y', {
        type: 'video',
        url: 'javascript:alert(1)',
        thumbnail: 'https://tracker.example/cover.jpg',
        timeStamp: T + 120_000,
      }),
      message('z', {
        type: 'video',
        url: '/api/files/storage/5/drive.mp4',
        thumbnail: 'https://tracker.example/cover.jpg',
        timeStamp: T + 180_000,
      }),
    ];
    const { container } = await renderApp(<MessageList {...props({ messages: members })} />);
    const rows = await screen.findAllByTestId('chat-message');
    const [upstream, pixel, script, video] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(upstream).getByRole('img')).toHaveAttribute(
      'src',
      '/api/files/storage/9/station.png',
    );
    for (const row of [pixel, script]) {
      expect(within(row).getByTestId('inert-file')).toHaveTextContent(
        "Not opened: this address is not one of the app's files",
      );
      expect(within(row).queryByRole('img')).toBeNull();
      expect(within(row).queryByRole('link')).toBeNull();
    }
    expect(within(pixel).getByTestId('inert-file')).toHaveTextContent(
      'https://tracker.example/pixel.png',
    );
    expect(within(video).getByTestId('message-video')).not.toHaveAttribute('poster');
    expect(container.innerHTML).not.toContain('src="https://tracker.example');
  });

  it('says when there is nothing yet, and shows placeholders while loading', async () => {
    const { rerender } = await renderApp(<MessageList {...props({ messages: [] })} />);
    expect(await screen.findByText('No messages yet')).toBeVisible();
    rerender(<MessageList {...props({ messages: [], ready: false })} />);
    expect(screen.queryByText('No messages yet')).toBeNull();
    expect(screen.queryByTestId('chat-message')).toBeNull();
  });

  it('says older messages are loading', async () => {
    await renderApp(<MessageList {...props({ hasOlder: true, loadingOlder: true })} />);
    expect(await screen.findByText('Loading older messages…')).toBeVisible();
    expect(screen.queryByText('This is the beginning of the conversation')).toBeNull();
  });
});

/** A long conversation: `count` texts a minute apart, the newest last. */
function conversation(count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, at) =>
    message(`m${String(at).padStart(4, '0')}`, {
      message: `Message number ${at + 1}`,
      timeStamp: T + at * 60_000,
    }),
  );
}

describe('scrolling the history', () => {
  /** The viewport of the history, as a browser would lay it out. */
  const VIEWPORT = 600;
  let scroller: () => HTMLElement;

  beforeEach(() => {
    // jsdom lays nothing out. The scrolling region gets a 600 px viewport over content as tall
    // as the list it holds; scrolling moves `scrollTop` within that and fires `scroll`, as a
    // browser does (a frame later, and only when the position changes).
    const isScroller = (element: Element) =>
      element instanceof HTMLElement && element.dataset.testid === 'chat-scroll';
    const contentHeight = (element: Element) =>
      Number.parseFloat((element.firstElementChild as HTMLElement | null)?.style.height ?? '0');
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return isScroller(this) ? VIEWPORT : 2000;
    });
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
      return isScroller(this) ? Math.max(contentHeight(this), VIEWPORT) : 0;
    });
    HTMLElement.prototype.scrollTo = function (
      this: HTMLElement,
      options?: ScrollToOptions | number,
    ) {
      const top = typeof options === 'number' ? 0 : (options?.top ?? this.scrollTop);
      const next = Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight));
      if (next === this.scrollTop) return;
      this.scrollTop = next;
      setTimeout(() => this.dispatchEvent(new Event('scroll')));
    } as HTMLElement['scrollTo'];
    scroller = () => screen.getByTestId('chat-scroll');
  });

  /** The user drags the view to `top`. */
  const scrollTo = (top: number) =>
    act(() => {
      scroller().scrollTop = top;
      fireEvent.scroll(scroller());
    });
  const bottomOffset = () => scroller().scrollHeight - scroller().clientHeight;

  it('opens at the newest message, with no scroll-down button', async () => {
    await renderApp(<MessageList {...props({ messages: conversation(200), hasOlder: true })} />);
    await screen.findByText('Message number 200');
    await waitFor(() => expect(scroller().scrollTop).toBe(bottomOffset()));
    expect(bottomOffset()).toBeGreaterThan(5000);
    expect(screen.queryByText('Message number 1')).toBeNull();
    expect(screen.queryByTestId('scroll-down')).toBeNull();
  });

  it('asks for older messages once the view comes near the top, not before', async () => {
    const p = props({ messages: conversation(200), hasOlder: true });
    await renderApp(<MessageList {...p} />);
    await waitFor(() => expect(scroller().scrollTop).toBe(bottomOffset()));

    await scrollTo(bottomOffset() / 2);
    expect(p.onLoadOlder).not.toHaveBeenCalled();
    await scrollTo(300);
    expect(p.onLoadOlder).toHaveBeenCalled();
  });

  it('asks for nothing more at the beginning of the conversation, or while a page is loading', async () => {
    const done = props({ messages: conversation(200), hasOlder: false });
    const { rerender } = await renderApp(<MessageList {...done} />);
    await waitFor(() => expect(scroller().scrollTop).toBe(bottomOffset()));
    await scrollTo(0);
    expect(done.onLoadOlder).not.toHaveBeenCalled();
    const busy = props({ messages: conversation(200), hasOlder: true, loadingOlder: true });
    rerender(<MessageList {...busy} />);
    await scrollTo(100);
    expect(busy.onLoadOlder).not.toHaveBeenCalled();
  });

  it('shows the scroll-down button whenever the view is not at the bottom, and it brings the newest message back', async () => {
    await renderApp(<MessageList {...props({ messages: conversation(200) })} />);
    await waitFor(() => expect(scroller().scrollTop).toBe(bottomOffset()));
    expect(screen.queryByTestId('scroll-down')).toBeNull();

    // Only a little above the bottom is already "not at the bottom".
    await scrollTo(bottomOffset() - 100);
    expect(
      await screen.findByRole('button', { name: 'Scroll down to the newest message' }),
    ).toBeVisible();
    // Far up, the newest message is no longer in the list at all (it is virtualized).
    await scrollTo(1000);
    await waitFor(() => expect(screen.queryByText('Message number 200')).toBeNull());
    expect(screen.getByRole('button', { name: 'Scroll down to the newest message' })).toBeVisible();

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Scroll down to the newest message' }));
    await waitFor(() => expect(scroller().scrollTop).toBe(bottomOffset()));
    expect(await screen.findByText('Message number 200')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('scroll-down')).toBeNull());
  });
});
