import { describe, expect, it } from 'vitest';
import { paths } from '../contracts/index.js';
import { fakeChunkQueue } from '../testing/chunk-queue.js';
import { MemoryDb } from '../testing/memory-db.js';
import { fakeSender } from '../testing/push-fakes.js';
import { recordingLogger } from '../testing/recording-logger.js';
import { alertRecord, imageMessage } from '../testing/records.js';
import {
  eventWriter,
  onAlertChunkTask,
  onAlertCreated,
  onChatMessageCreated,
  onChatMessageDeleted,
} from './database-events.js';

const NOW = 1_750_000_000_000;
const entry = (token: string) => ({ token, updatedAt: 1 });

const message = imageMessage({ message: 'Look at this pump' });
const alert = alertRecord({ userName: 'Bruno', target: 'user', userId: '2' });

/** Admin 100's session, as the functions recorded it when it opened. */
const sessions = {
  adminSessions: {
    100: { s1: { at: 1, expiresAt: 2, tokenHash: 'h', email: 'admin@fuel.test', name: 'Admin' } },
  },
};

function world() {
  return new MemoryDb({
    deviceTokens: { 1: { 0: entry('sender-phone') }, 2: { 0: entry('member-two') } },
    groups: { 7: { members: { 1: true, 2: true } } },
  });
}

function ports(db: MemoryDb, invocation = 'run-1') {
  const logger = recordingLogger();
  const sender = fakeSender();
  const queue = fakeChunkQueue();
  const deps = {
    db,
    sender,
    logger,
    queue,
    now: () => NOW,
    invocation,
    takeoverMs: 540_000,
    chunkUsers: 10_000,
  };
  return { deps, logger, sent: () => sender.batches.flat().map((m) => m.token) };
}

describe('a chat message created', () => {
  it('indexes its upload, counts it and pushes it to the other members', async () => {
    const db = world();
    const { deps, sent } = ports(db);
    await onChatMessageCreated({ groupId: '7', messageId: 'm1', value: message }, deps);
    expect(db.at(paths.chatUploads('12'))).toEqual({ '7:m1': true });
    expect(db.at(paths.groupChatCount('7'))).toBe(1);
    expect(sent()).toEqual(['member-two']);
  });

  it('is neither counted nor pushed when it is not a chat message, and says so', async () => {
    const db = world();
    const { deps, logger, sent } = ports(db);
    await onChatMessageCreated({ groupId: '7', messageId: 'm1', value: { message: 1 } }, deps);
    expect(db.updates).toEqual([]);
    expect(sent()).toEqual([]);
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        fields: expect.objectContaining({ groupId: '7', messageId: 'm1' }) as unknown,
      }),
    ]);
  });
});

describe('a chat message deleted', () => {
  it('forgets its upload and leaves the count', async () => {
    const db = world();
    await onChatMessageCreated(
      { groupId: '7', messageId: 'm1', value: message },
      ports(db, 'create').deps,
    );
    await onChatMessageDeleted(
      { groupId: '7', messageId: 'm1', value: message },
      ports(db, 'delete').deps,
    );
    expect(db.at(paths.chatUploads('12'))).toBeUndefined();
    expect(db.at(paths.groupChatCount('7'))).toBe(0);
  });

  it('changes nothing when it was not a chat message', async () => {
    const db = world();
    await onChatMessageDeleted({ groupId: '7', messageId: 'm1', value: 'text' }, ports(db).deps);
    expect(db.updates).toEqual([]);
  });
});

describe('an alert created', () => {
  it('is counted, recorded under the admin who wrote it, and pushed to its target', async () => {
    const db = world();
    // The sessions and the log are read and written in the real database, not the audience's.
    const auditDb = new MemoryDb(sessions);
    const { deps, sent } = ports(db);
    await onAlertCreated({ alertId: 'a1', value: alert, authId: '100' }, { ...deps, auditDb });
    expect(db.at(paths.alertCount())).toBe(1);
    expect(auditDb.at(`${paths.auditLog()}/alert-a1`)).toMatchObject({
      uid: '100',
      email: 'admin@fuel.test',
      action: 'alert.create',
      at: NOW,
    });
    expect(sent()).toEqual(['member-two']);
    expect(db.at(paths.alertDelivery('a1'))).toMatchObject({ sent: 1 });
  });

  it('is counted but neither recorded nor pushed when it is not an alert, and says so', async () => {
    const db = world();
    const auditDb = new MemoryDb(sessions);
    const { deps, logger, sent } = ports(db);
    await onAlertCreated(
      { alertId: 'a1', value: { title: 3 }, authId: '100' },
      { ...deps, auditDb },
    );
    expect(db.at(paths.alertCount())).toBe(1);
    expect(auditDb.updates).toEqual([]);
    expect(sent()).toEqual([]);
    expect(logger.lines).toEqual([
      expect.objectContaining({
        level: 'warn',
        fields: expect.objectContaining({ alertId: 'a1' }) as unknown,
      }),
    ]);
  });
});

describe('a chunk of an alert to everyone', () => {
  const everyone = alertRecord();

  it('sends the alert in the database to the users after where the last chunk ended', async () => {
    const db = world();
    await db.update({ [`${paths.alerts()}/a1`]: everyone });
    const { deps, sent } = ports(db);
    await onAlertChunkTask({ alertId: 'a1', index: 1, after: '1' }, deps);
    expect(sent()).toEqual(['member-two']);
  });

  it('drops a task that is not a chunk with an error logged', async () => {
    const db = world();
    const { deps, logger, sent } = ports(db);
    await onAlertChunkTask({ alertId: 'a1', index: 0 }, deps);
    expect(sent()).toEqual([]);
    expect(db.updates).toEqual([]);
    expect(logger.lines.map(({ level }) => level)).toEqual(['error']);
  });

  it('sends nothing when its alert is gone, and says which', async () => {
    const db = world();
    const { deps, logger, sent } = ports(db);
    await onAlertChunkTask({ alertId: 'a1', index: 1, after: '1' }, deps);
    expect(sent()).toEqual([]);
    expect(db.updates).toEqual([]);
    expect(logger.lines).toEqual([
      expect.objectContaining({ level: 'warn', fields: { alertId: 'a1' } }),
    ]);
  });
});

describe('eventWriter', () => {
  it("is an app user's uid, and nobody for the Admin SDK or an unauthenticated write", () => {
    expect(eventWriter({ authType: 'app_user', authId: '100' })).toBe('100');
    expect(eventWriter({ authType: 'admin', authId: 'service' })).toBeUndefined();
    expect(eventWriter({ authType: 'unauthenticated' })).toBeUndefined();
  });
});
