import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { ApiError, type ApiClient, type WriteReply } from '@/lib/api/api-client';
import { toast } from '@/lib/toast';
import { fakeServices, sessionFor } from '@/testing/fakes';
import { renderApp } from '@/testing/render';
import { memoryRoleSource, rolesInUse, WithRoles } from '@/testing/roles';
import { ChatRoom } from './chat-room';

// The realtime side is faked at the SDK's edge: the admin is signed in to Firebase as
// themselves, the chat is empty, and every message written is recorded.
const { written, history, database, signedIn } = vi.hoisted(() => ({
  written: [] as unknown[],
  history: [] as { key: string; value: unknown }[],
  database: {},
  signedIn: { status: 'success', data: { uid: '1' } as { uid: string } | null },
}));
vi.mock('reactfire', () => ({
  useDatabase: () => database,
  useUser: () => signedIn,
}));
vi.mock('firebase/database', () => ({
  ref: () => ({}),
  push: () => ({ key: `message-${written.length + 1}` }),
  set: async (_entry: unknown, value: unknown) => {
    written.push(value);
  },
  remove: async () => {},
  onValue: () => () => {},
  serverTimestamp: () => ({ '.sv': 'timestamp' }),
}));
vi.mock('../history/firebase-source', () => ({
  firebaseChatSource: () => ({
    listen: (_window: unknown, onChildren: (children: unknown[]) => void) => {
      const answer = setTimeout(() => onChildren(history));
      return () => clearTimeout(answer);
    },
  }),
}));

const UPLOAD_FAILED = 'Something went wrong while uploading the image, file or video';

/** POST /chats as the test scripts it; nothing else is expected to reach the API. */
type Upload = () => Promise<WriteReply<unknown>>;

function apiWith(upload: Upload): ApiClient {
  const refuse = () => Promise.reject(new Error('not expected in this test'));
  return { request: refuse, send: refuse, write: refuse, upload: upload as ApiClient['upload'] };
}

/** All the original API promises of an upload: its id and address. */
const stored = { id: 31, file: { original_url: '/api/files/storage/31/station.jpg' } };

beforeEach(() => {
  written.length = 0;
  history.length = 0;
  signedIn.data = { uid: '1' };
});

async function openRoom(upload: Upload) {
  const rendered = await renderApp(
    <ChatRoom groupId="7" group={{ name: 'Diesel drivers', image: null }} memberCount={2} />,
    { session: sessionFor(), api: apiWith(upload) },
  );
  await screen.findByText('No messages yet');
  return rendered;
}

describe('an upload that fails', () => {
  it('says so with the upload toast, writes nothing and keeps what the admin typed; picking the file again sends it', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    const upload = vi
      .fn<Upload>()
      .mockRejectedValueOnce(new ApiError('network', []))
      .mockResolvedValueOnce({ payload: stored, raw: stored, messages: [] });
    await openRoom(upload);
    const user = userEvent.setup();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Here is the station');
    const image = new File(['jpg'], 'station.jpg', { type: 'image/jpeg' });

    await user.upload(screen.getByTestId('pick-image'), image);
    await waitFor(() => expect(error).toHaveBeenCalledWith([UPLOAD_FAILED]));
    expect(written).toEqual([]);
    expect(box).toHaveValue('Here is the station');
    expect(screen.queryByTestId('upload-progress')).toBeNull();
    const attach = screen.getByRole('button', { name: 'Attach a file, image or video' });
    expect(attach).toBeEnabled();

    // The same file again: this time it goes through and becomes a message.
    await user.upload(screen.getByTestId('pick-image'), image);
    await waitFor(() => expect(written).toHaveLength(1));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(written[0]).toMatchObject({
      type: 'image',
      url: `${window.location.origin}/api/files/storage/31/station.jpg`,
      filename: 'station.jpg',
      deleteAbleId: '31',
      senderUID: '1',
      receiverUID: '7',
      // The rules refuse an admin's message that says anything else.
      userType: 'admin',
    } satisfies Partial<ChatMessage>);
    expect(box).toHaveValue('Here is the station');
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('adds the server’s own reasons under the upload toast', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    await openRoom(() =>
      Promise.reject(new ApiError('rejected', ['The file may not be greater than 20 MB.'], 422)),
    );
    await userEvent
      .setup()
      .upload(
        screen.getByTestId('pick-file'),
        new File(['pdf'], 'fuel-report.pdf', { type: 'application/pdf' }),
      );
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith([
        UPLOAD_FAILED,
        'The file may not be greater than 20 MB.',
      ]),
    );
    expect(written).toEqual([]);
  });
});

describe("the chat without the admin's Firebase session", () => {
  it('says why it is unavailable, sends nothing, and comes back with the session', async () => {
    signedIn.data = null;
    const services = fakeServices({ session: sessionFor() });
    services.realtimeSession.set({ status: 'unavailable', reason: 'signing-refused' });
    await renderApp(
      <ChatRoom groupId="7" group={{ name: 'Diesel drivers', image: null }} memberCount={2} />,
      { services },
    );
    const notice = await screen.findByTestId('realtime-unavailable');
    expect(notice).toHaveAttribute('role', 'status');
    expect(
      within(notice).getByText(
        'The server may not open live sessions: its service account lacks the permission to sign them.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Reconnect')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    // The session keeper signed in to Firebase in the background.
    signedIn.data = { uid: '1' };
    act(() => services.realtimeSession.set({ status: 'connected' }));
    expect(await screen.findByText('No messages yet')).toBeVisible();
    expect(screen.queryByTestId('realtime-unavailable')).toBeNull();
  });
});

describe('deleting a message', () => {
  it('asks the functions to delete it, and says why its file was kept', async () => {
    const image: ChatMessage = {
      senderUID: '12',
      receiverUID: '7',
      message: '',
      url: '/api/files/storage/12/pump.png',
      type: 'image',
      thumbnail: '',
      filetype: 'image/png',
      filename: 'pump.png',
      userType: 'user',
      messageID: '-Npump',
      senderUserName: 'Olivia Martinez',
      deleteAbleId: '12',
      thumbnailID: '',
      timeStamp: Date.now(),
    };
    history.push({ key: image.messageID, value: image });
    // jsdom lays nothing out; the virtualized list needs a viewport to fill.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(80);
    HTMLElement.prototype.scrollTo = () => {};
    const warning = vi.spyOn(toast, 'warning').mockImplementation(() => '');
    const send = vi.fn(async () => ({
      payload: { filesDeleted: [], filesKept: [{ id: '12', reason: 'shared' }] },
      messages: [],
    }));
    const refuse = () => Promise.reject(new Error('not expected in this test'));
    await renderApp(
      <ChatRoom groupId="7" group={{ name: 'Diesel drivers', image: null }} memberCount={2} />,
      {
        session: sessionFor(),
        api: {
          request: refuse,
          upload: refuse,
          write: refuse,
          send: send as unknown as ApiClient['send'],
        },
      },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the message' }));
    const dialog = await screen.findByTestId('delete-message-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(warning).toHaveBeenCalledWith(
        'The message was deleted. Its file was kept: another message names it too.',
      ),
    );
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'DELETE', path: '/group-chat/7/messages/-Npump' }),
    );
    expect(written).toEqual([]);
  });
});

describe('an admin whose roles read the chat but do not post in it', () => {
  it('sees the messages with neither a composer nor Delete, and both once the roles allow', async () => {
    const hello: ChatMessage = {
      senderUID: '12',
      receiverUID: '7',
      message: 'Diesel is cheaper on 5th street',
      url: '',
      type: 'message',
      thumbnail: '',
      filetype: '',
      filename: '',
      userType: 'user',
      messageID: '-Nhello',
      senderUserName: 'Olivia Martinez',
      deleteAbleId: '',
      thumbnailID: '',
      timeStamp: Date.now(),
    };
    history.push({ key: hello.messageID, value: hello });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(2000);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(80);
    HTMLElement.prototype.scrollTo = () => {};
    const source = memoryRoleSource(rolesInUse(['auditor']));
    const services = fakeServices({ session: sessionFor() });
    services.realtimeSession.set({ status: 'connected' });
    await renderApp(
      <WithRoles source={source}>
        <ChatRoom groupId="7" group={{ name: 'Diesel drivers', image: null }} memberCount={2} />
      </WithRoles>,
      { services },
    );
    expect(await screen.findByText('Diesel is cheaper on 5th street')).toBeVisible();
    expect(screen.getByTestId('chat-read-only')).toHaveTextContent(
      'You can read this chat but not post in it. Needs the Support or Owner role',
    );
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete the message' })).toBeNull();

    act(() => source.set(rolesInUse(['support'])));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete the message' })).toBeVisible();
    expect(screen.queryByTestId('chat-read-only')).toBeNull();
  });
});
