import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { fakeSender } from '../../testing/push-fakes.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { adminEntry, chatMessage } from '../../testing/records.js';
import { CHAT_PUSH_BODY_MAX, chatPushBody, sendChatPush } from './chat-push.js';

const entry = (token: string) => ({ token, updatedAt: 1 });

/** Admin 100 signed in last; 200 and 300 signed in before, 300 in 100's browser. */
const ADMINS = {
  100: adminEntry('100', 'admin-browser'),
  200: adminEntry('200', 'second-admin-browser'),
  300: adminEntry('300', 'admin-browser'),
};

/** A session opened at 1 ms that has not lapsed when the message is pushed (at 1 ms). */
const LIVE = { at: 1, expiresAt: 3_600_001, tokenHash: 'h' };
/** Every admin above is signed in somewhere. */
const SIGNED_IN = { 100: { s1: LIVE }, 200: { s2: LIVE }, 300: { s3: LIVE } };

function world(admins: Record<string, unknown> = ADMINS, adminSessions: unknown = SIGNED_IN) {
  return new MemoryDb({
    admin: adminEntry('100', 'admin-browser'),
    admins,
    adminSessions,
    deviceTokens: {
      1: { 0: entry('sender-phone') },
      2: { 0: entry('member-two') },
      3: { 0: entry('member-three') },
      4: { 0: entry('outsider') },
    },
    groups: { 7: { members: { 1: true, 2: true, 3: true } } },
    users: { 2: { userId: '2', name: 'Bruno', image: '', lastUpdate: 1 } },
  });
}

async function push(chat: ChatMessage, db = world(), invocation = 'run-1') {
  const sender = fakeSender();
  const outcome = await sendChatPush(
    { groupId: '7', messageId: 'm1', message: chat },
    { db, sender, logger: recordingLogger(), now: () => 1, invocation, takeoverMs: 540_000 },
  );
  return { outcome, sent: sender.batches.flat() };
}

describe('sendChatPush', () => {
  it("reaches every member but the sender, and every admin's browser once, when an app user writes", async () => {
    const { sent, outcome } = await push(chatMessage({ senderUID: '1', userType: 'user' }));
    expect(sent.map((m) => m.token).sort()).toEqual([
      'admin-browser',
      'member-three',
      'member-two',
      'second-admin-browser',
    ]);
    expect(sent[0]?.notification).toEqual({ title: 'New message', body: 'Amina: Hello' });
    expect(sent[0]?.data).toEqual({ type: 'chat', groupId: '7', messageId: 'm1', senderUID: '1' });
    expect(outcome).toEqual({ sent: 4, failed: 0, permanent: 0, pruned: 0 });
  });

  it('reaches no browser of an admin who has signed out everywhere', async () => {
    const { sent } = await push(
      chatMessage({ senderUID: '1' }),
      world(
        { 100: adminEntry('100', 'admin-browser'), 200: adminEntry('200', 'second-admin-browser') },
        { 200: { s2: LIVE } },
      ),
    );
    const tokens = sent.map((m) => m.token);
    expect(tokens).toContain('second-admin-browser');
    // Admin 100 signed out: neither their entry nor the `admin` entry naming them is reached.
    expect(tokens).not.toContain('admin-browser');
  });

  it('reaches only the admins whose roles read the chats, while roles are in use', async () => {
    const db = world({ 200: adminEntry('200', 'second-admin-browser') });
    await db.update({
      roleSettings: { inUse: true },
      adminRoles: {
        100: { roles: { prices: true }, updatedAt: 1, updatedBy: '1' },
        200: { roles: { auditor: true }, updatedAt: 1, updatedBy: '1' },
      },
    });
    const { sent } = await push(chatMessage({ senderUID: '1', userType: 'user' }), db);
    const tokens = sent.map((m) => m.token);
    expect(tokens).toContain('second-admin-browser');
    expect(tokens).not.toContain('admin-browser');
  });

  it('reaches an admin who signed in before the last one', async () => {
    const { sent } = await push(
      chatMessage({ senderUID: '1', userType: 'user' }),
      world({ 200: adminEntry('200', 'second-admin-browser') }),
    );
    expect(sent.map((m) => m.token)).toContain('second-admin-browser');
  });

  it("pushes an admin's message to the other admins, never to the sender's browser", async () => {
    const { sent } = await push(
      chatMessage({ senderUID: '100', userType: 'admin', senderUserName: 'Admin' }),
    );
    expect(sent.map((m) => m.token).sort()).toEqual([
      'member-three',
      'member-two',
      'second-admin-browser',
      'sender-phone',
    ]);
  });

  it('skips an admin entry filed under another uid than the one it names, and empty tokens', async () => {
    const { sent } = await push(
      chatMessage({ senderUID: '1', userType: 'user' }),
      world({ 200: adminEntry('999', 'planted-browser'), 400: adminEntry('400', '') }),
    );
    expect(sent.map((m) => m.token).sort()).toEqual([
      'admin-browser',
      'member-three',
      'member-two',
    ]);
  });

  it('names an app user as the mirror does, whatever name their message claims', async () => {
    const { sent } = await push(
      chatMessage({ senderUID: '2', userType: 'user', senderUserName: 'Boss (Admin)' }),
    );
    expect(sent[0]?.notification.body).toBe('Bruno: Hello');
  });
});

/** A group of 1 200 members with a device each, whose member 1 100's devices fail to load once. */
class BigGroupDb extends MemoryDb {
  private failed = false;
  constructor() {
    const ids = Array.from({ length: 1200 }, (_, i) => String(i + 1));
    super({
      deviceTokens: Object.fromEntries(ids.map((id) => [id, { 0: entry(`member-${id}`) }])),
      groups: { 7: { members: Object.fromEntries(ids.map((id) => [id, true])) } },
    });
  }
  override async get(path: string) {
    if (path === 'deviceTokens/1100' && !this.failed) {
      this.failed = true;
      throw new Error('the database went away');
    }
    return super.get(path);
  }
}

describe('sendChatPush when its event arrives more than once', () => {
  it('resumes after a failure midway without pushing any member twice', async () => {
    const db = new BigGroupDb();
    const byAdmin = chatMessage({ senderUID: '9999', userType: 'admin', senderUserName: 'Admin' });
    await expect(push(byAdmin, db, 'run-1')).rejects.toThrow('the database went away');
    const retry = await push(byAdmin, db, 'run-2');
    expect(retry.outcome).toEqual({ sent: 1200, failed: 0, permanent: 0, pruned: 0 });
    expect(retry.sent).toHaveLength(200);
    expect(new Set(retry.sent.map((m) => m.token))).toEqual(
      new Set(Array.from({ length: 200 }, (_, i) => `member-${1001 + i}`)),
    );
  });

  it('pushes the message once', async () => {
    const db = world();
    const first = await push(chatMessage(), db, 'run-1');
    expect(first.sent).not.toEqual([]);
    const again = await push(chatMessage(), db, 'run-2');
    expect(again.sent).toEqual([]);
    expect(again.outcome).toBeUndefined();
  });
});

describe('sendChatPush, naming and logging', () => {
  it("keeps an admin's own name, even when the mirror holds another under that uid", async () => {
    const { sent } = await push(
      chatMessage({ senderUID: '2', userType: 'admin', senderUserName: 'Ada (Admin)' }),
    );
    expect(sent[0]?.notification.body).toBe('Ada (Admin): Hello');
  });

  it("uses the message's name for an app user the mirror names not, or names empty", async () => {
    const unknown = await push(chatMessage({ senderUID: '3', senderUserName: 'Chloe' }));
    expect(unknown.sent[0]?.notification.body).toBe('Chloe: Hello');
    const db = world();
    await db.update({ 'users/2/name': '' });
    const unnamed = await push(chatMessage({ senderUID: '2', senderUserName: 'Bruno B.' }), db);
    expect(unnamed.sent[0]?.notification.body).toBe('Bruno B.: Hello');
  });

  it('pushes each message of a group, each once, under a claim of its own', async () => {
    const db = world();
    const logger = recordingLogger();
    const deps = { db, logger, now: () => 1, invocation: 'run-1', takeoverMs: 540_000 };
    const first = fakeSender();
    await sendChatPush(
      { groupId: '7', messageId: 'm1', message: chatMessage() },
      { ...deps, sender: first },
    );
    const second = fakeSender();
    await sendChatPush(
      { groupId: '7', messageId: 'm2', message: chatMessage() },
      { ...deps, sender: second },
    );
    expect(first.batches.flat()).not.toEqual([]);
    expect(second.batches.flat()).toHaveLength(first.batches.flat().length);
    expect(db.at('pushClaims/chat/7/m1')).toMatchObject({ state: 'done' });
    expect(logger.lines.map((line) => line.fields)).toEqual([
      expect.objectContaining({ groupId: '7', messageId: 'm1', sent: first.batches.flat().length }),
      expect.objectContaining({ groupId: '7', messageId: 'm2' }),
    ]);
  });

  it('logs nothing of a message already pushed but that it was', async () => {
    const db = world();
    await push(chatMessage(), db, 'run-1');
    const logger = recordingLogger();
    await sendChatPush(
      { groupId: '7', messageId: 'm1', message: chatMessage() },
      { db, sender: fakeSender(), logger, now: () => 1, invocation: 'run-2', takeoverMs: 540_000 },
    );
    expect(logger.lines.filter((line) => 'groupId' in line.fields)).toEqual([]);
  });
});

describe('chatPushBody', () => {
  it('names the sender and says what was sent', () => {
    expect(chatPushBody({ type: 'image', message: '', senderUserName: 'Amina' })).toBe(
      'Amina sent an image',
    );
    expect(chatPushBody({ type: 'file', message: '', senderUserName: 'Amina' })).toBe(
      'Amina sent a file',
    );
    expect(chatPushBody({ type: 'video', message: '', senderUserName: 'Amina' })).toBe(
      'Amina sent a video',
    );
  });

  it('shortens a long text to fit a push', () => {
    const body = chatPushBody({
      type: 'message',
      message: 'x'.repeat(5000),
      senderUserName: 'Amina',
    });
    expect(body).toHaveLength(CHAT_PUSH_BODY_MAX);
    expect(body.startsWith('Amina: xxx')).toBe(true);
    expect(body.endsWith('…')).toBe(true);
  });

  it('keeps a text that just fits whole', () => {
    const message = 'x'.repeat(CHAT_PUSH_BODY_MAX - 'Amina: '.length);
    const body = chatPushBody({ type: 'message', message, senderUserName: 'Amina' });
    expect(body).toBe(`Amina: ${message}`);
  });
});
