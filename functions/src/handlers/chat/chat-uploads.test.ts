import { afterEach, describe, expect, it } from 'vitest';
import {
  chatMessageDeleteReplySchema,
  chatMessagePath,
  type ChatMessage,
} from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { proxyFixtures } from '../../testing/proxy-fixture.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import { imageMessage } from '../../testing/records.js';
import { rawRequest, sendJson } from '../../testing/servers.js';
import { deleteChatMessage, indexChatUploads, uploadPathOf } from './chat-uploads.js';

/** Bob's picture in group g1, its upload 12 named by an absolute upstream URL. */
const image = (fields: Partial<ChatMessage> = {}): ChatMessage =>
  imageMessage({
    senderUID: '101',
    receiverUID: 'g1',
    url: 'https://admin.example/api/files/storage/12/pump.png',
    senderUserName: 'Bob',
    ...fields,
  });

/** A database holding these messages, indexed as the create trigger indexes them. */
async function chats(messages: { groupId: string; messageId: string; message: ChatMessage }[]) {
  const db = new MemoryDb();
  for (const { groupId, messageId, message } of messages) {
    await db.update({ [`groups/${groupId}/groupChat/${messageId}`]: message });
    await indexChatUploads({ groupId, messageId, message }, true, db);
  }
  return db;
}

function upstream(refuse: string[] = []) {
  const deleted: string[] = [];
  return {
    deleted,
    deleteUpload: async (id: string) => {
      if (refuse.includes(id)) throw new Error('upstream said 500');
      deleted.push(id);
    },
  };
}

describe('the chat upload index', () => {
  it('names each upload a message names, and forgets it when the message goes', async () => {
    const message = image({
      type: 'video',
      thumbnail: '/api/files/storage/13/cover.jpg',
      thumbnailID: '13',
    });
    const db = await chats([{ groupId: 'g1', messageId: 'm1', message }]);
    expect(db.at('chatUploads')).toEqual({ 12: { 'g1:m1': true }, 13: { 'g1:m1': true } });
    expect(db.at('chatUploadPaths')).toEqual({
      12: '/storage/12/pump.png',
      13: '/storage/13/cover.jpg',
    });
    await indexChatUploads({ groupId: 'g1', messageId: 'm1', message }, null, db);
    expect(db.at('chatUploads')).toBeUndefined();
  });

  it('keeps the file an upload was first posted with', async () => {
    const first = image({ url: 'https://admin.example/api/files/storage/84/pump.png' });
    const later = image({ messageID: 'm2', url: 'https://elsewhere.example/storage/99/x.png' });
    const db = await chats([
      { groupId: 'g1', messageId: 'm1', message: first },
      { groupId: 'g1', messageId: 'm2', message: later },
    ]);
    expect(db.at('chatUploadPaths/12')).toBe('/storage/84/pump.png');
  });
});

describe('deleteChatMessage', () => {
  it('takes a message’s own upload with it', async () => {
    const db = await chats([{ groupId: 'g1', messageId: 'm1', message: image() }]);
    const files = upstream();
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger: recordingLogger(), deleteUpload: files.deleteUpload },
    );
    expect(outcome).toEqual({ filesDeleted: ['12'], filesKept: [] });
    expect(files.deleted).toEqual(['12']);
    expect(db.at('groups/g1/groupChat/m1')).toBeUndefined();
    expect(db.at('chatUploads')).toBeUndefined();
  });

  it('leaves an upload another message names: a member naming another group’s file', async () => {
    const victim = image({ senderUID: '200', receiverUID: 'g2', messageID: 'v1' });
    const forged = image({ url: victim.url });
    const db = await chats([
      { groupId: 'g2', messageId: 'v1', message: victim },
      { groupId: 'g1', messageId: 'm1', message: forged },
    ]);
    const files = upstream();
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger: recordingLogger(), deleteUpload: files.deleteUpload },
    );
    expect(outcome).toEqual({ filesDeleted: [], filesKept: [{ id: '12', reason: 'shared' }] });
    expect(files.deleted).toEqual([]);
    expect(db.at('groups/g1/groupChat/m1')).toBeUndefined();
    expect(db.at('chatUploads/12')).toEqual({ 'g2:v1': true });
  });

  it('leaves an upload whose first message gave another file than this message’s URL', async () => {
    const db = await chats([
      {
        groupId: 'g1',
        messageId: 'm1',
        message: image({ url: 'https://admin.example/api/files/storage/40/mine.png' }),
      },
    ]);
    // The upload was first posted with another file, in a message since deleted.
    await db.update({ 'chatUploadPaths/12': '/storage/84/pump.png' });
    const files = upstream();
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger: recordingLogger(), deleteUpload: files.deleteUpload },
    );
    expect(outcome?.filesKept).toEqual([{ id: '12', reason: 'not-its-own' }]);
    expect(files.deleted).toEqual([]);
  });

  it('takes its own upload even before its create trigger indexed it', async () => {
    const db = new MemoryDb({ groups: { g1: { groupChat: { m1: image() } } } });
    const files = upstream();
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger: recordingLogger(), deleteUpload: files.deleteUpload },
    );
    expect(outcome).toEqual({ filesDeleted: ['12'], filesKept: [] });
    expect(db.at('groups/g1/groupChat/m1')).toBeUndefined();
    expect(db.at('chatUploads')).toBeUndefined();
  });

  it('says which upload the upstream refused to delete, after the message is gone', async () => {
    const video = image({
      type: 'video',
      url: 'http://upstream.example/storage/12/clip.mp4',
      thumbnail: 'http://upstream.example/storage/13/cover.jpg',
      thumbnailID: '13',
    });
    const db = await chats([{ groupId: 'g1', messageId: 'm1', message: video }]);
    const files = upstream(['13']);
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger: recordingLogger(), deleteUpload: files.deleteUpload },
    );
    expect(outcome).toEqual({ filesDeleted: ['12'], filesKept: [{ id: '13', reason: 'failed' }] });
    expect(db.at('groups/g1/groupChat/m1')).toBeUndefined();
  });

  it('answers null for a message that is not there, and deletes nothing', async () => {
    const files = upstream();
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'nope' },
      { db: new MemoryDb(), logger: recordingLogger(), deleteUpload: files.deleteUpload },
    );
    expect(outcome).toBeNull();
    expect(files.deleted).toEqual([]);
  });
});

describe('indexing and deleting, at the edges', () => {
  it('takes only whole numbers as upload ids', async () => {
    const db = await chats([
      { groupId: 'g1', messageId: 'm1', message: image({ deleteAbleId: 'x12' }) },
      { groupId: 'g1', messageId: 'm2', message: image({ deleteAbleId: '12x' }) },
    ]);
    expect(db.at('chatUploads')).toBeUndefined();
    expect(db.updates).toHaveLength(2);
  });

  it('names an upload a message gives twice once, with the file of its URL', async () => {
    const message = image({
      type: 'video',
      thumbnail: '/api/files/storage/12/cover.jpg',
      thumbnailID: '12',
    });
    const db = await chats([{ groupId: 'g1', messageId: 'm1', message }]);
    expect(db.at('chatUploadPaths')).toEqual({ 12: '/storage/12/pump.png' });
    const files = upstream();
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger: recordingLogger(), deleteUpload: files.deleteUpload },
    );
    expect(outcome).toEqual({ filesDeleted: ['12'], filesKept: [] });
    expect(files.deleted).toEqual(['12']);
  });

  it('writes nothing for a message that names no upload', async () => {
    const db = new MemoryDb();
    await indexChatUploads(
      { groupId: 'g1', messageId: 'm1', message: image({ deleteAbleId: '' }) },
      true,
      db,
    );
    expect(db.updates).toEqual([]);
  });

  it('records no file for an upload when a message that was never indexed goes', async () => {
    const db = new MemoryDb();
    await indexChatUploads({ groupId: 'g1', messageId: 'm1', message: image() }, null, db);
    expect(db.at('chatUploadPaths')).toBeUndefined();
    expect(db.at('chatUploads')).toBeUndefined();
  });

  it('removes a stored value that is not a chat message, and no upload with it', async () => {
    const db = new MemoryDb({ groups: { g1: { groupChat: { m1: { deleteAbleId: '12' } } } } });
    const files = upstream();
    const logger = recordingLogger();
    const outcome = await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger, deleteUpload: files.deleteUpload },
    );
    expect(outcome).toEqual({ filesDeleted: [], filesKept: [] });
    expect(db.at('groups/g1/groupChat/m1')).toBeUndefined();
    expect(db.at('chatUploads')).toBeUndefined();
    expect(files.deleted).toEqual([]);
    expect(logger.lines).toEqual([]);
  });

  it('logs an upload the upstream refused to delete, and what the message kept', async () => {
    const db = await chats([{ groupId: 'g1', messageId: 'm1', message: image() }]);
    const logger = recordingLogger();
    await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger, deleteUpload: upstream(['12']).deleteUpload },
    );
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        fields: { id: '12', error: 'Error: upstream said 500' },
      }),
      expect.objectContaining({
        level: 'info',
        fields: { groupId: 'g1', messageId: 'm1', kept: [{ id: '12', reason: 'failed' }] },
      }),
    ]);
  });

  it('logs nothing when a message takes all its uploads with it', async () => {
    const db = await chats([{ groupId: 'g1', messageId: 'm1', message: image() }]);
    const logger = recordingLogger();
    await deleteChatMessage(
      { groupId: 'g1', messageId: 'm1' },
      { db, logger, deleteUpload: upstream().deleteUpload },
    );
    expect(logger.lines).toEqual([]);
  });
});

describe('DELETE /api/group-chat/{groupId}/messages/{messageId}', () => {
  const fixtures = proxyFixtures();
  afterEach(fixtures.closeAll);
  const me = (role: string) => ({
    metadata: { success: 1, message: '' },
    payload: { id: 1, name: 'Ada', email: 'ada@fuel.test', role: [role] },
  });
  const ok = { metadata: { success: 1, message: '' }, payload: null };

  async function start(role: string) {
    const db = await chats([
      { groupId: '7', messageId: 'm1', message: image({ receiverUID: '7' }) },
    ]);
    const { proxy, upstream } = await fixtures.start(
      (seen, res) => sendJson(res, 200, seen.url === '/api/me' ? me(role) : ok),
      { mirror: { db, now: () => 1 } },
    );
    const remove = (method = 'DELETE') =>
      rawRequest(proxy.url, {
        method,
        path: `/api${chatMessagePath('7', 'm1')}`,
        headers: { authorization: 'Bearer admin-token' },
      });
    return { db, upstream, remove };
  }

  it("deletes an admin's choice of message and its own upload, with the admin's token", async () => {
    const { db, upstream, remove } = await start('admin');
    const reply = await remove();
    expect(reply.status).toBe(200);
    expect(chatMessageDeleteReplySchema.parse(reply.json()).payload).toEqual({
      filesDeleted: ['12'],
      filesKept: [],
    });
    expect(db.at('groups/7/groupChat/m1')).toBeUndefined();
    const deleted = upstream.seen.find((seen) => seen.method === 'DELETE');
    expect(deleted?.url).toBe('/api/chats/12');
    expect(deleted?.headers.authorization).toBe('Bearer admin-token');
  });

  it('refuses anyone but an admin, and touches nothing', async () => {
    const { db, upstream, remove } = await start('user');
    expect((await remove()).status).toBe(403);
    expect(db.at('groups/7/groupChat/m1')).toBeDefined();
    expect(upstream.seen.map((seen) => seen.method)).toEqual(['GET']);
  });

  it('answers 404 for a message that is gone, and 405 to anything but DELETE', async () => {
    const { remove } = await start('admin');
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
    expect((await remove('GET')).status).toBe(405);
  });
});

describe('uploadPathOf', () => {
  it.each([
    ['https://admin.example/api/files/storage/12/a%20b.png', '/storage/12/a%20b.png'],
    ['/api/files/storage/7/x.pdf', '/storage/7/x.pdf'],
    ['http://upstream.example/storage/31/clip.mp4', '/storage/31/clip.mp4'],
    ['https://evil.example/storage/12/../13/a.png', '/storage/13/a.png'],
    ['https://admin.example/storage/12/a/b.png', null],
    ['https://admin.example/api/files/storage/12/', null],
    ['https://admin.example/api/files/other/12/a.png', null],
    ['not a url at all', null],
    ['', null],
  ])('%s → %s', (url, id) => {
    expect(uploadPathOf(url)).toBe(id);
  });
});
