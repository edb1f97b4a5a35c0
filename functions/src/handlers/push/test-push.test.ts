import { describe, expect, it } from 'vitest';
import { testPushReplySchema } from '../../contracts/index.js';
import { MemoryDb } from '../../testing/memory-db.js';
import { fakeSender } from '../../testing/push-fakes.js';
import { recordingLogger } from '../../testing/recording-logger.js';
import type { GetMe } from '../session/index.js';
import type { ProxyReply } from '../upstream/index.js';
import { parseRequestTarget } from '../proxy/index.js';
import { serveTestPush, TEST_PUSH_MESSAGES } from './test-push.js';

const meAs =
  (role: string): GetMe =>
  async () => ({
    kind: 'json',
    status: 200,
    json: {
      metadata: { success: 1, message: '' },
      payload: { id: 7, name: 'Ada', email: 'ada@fuel.test', image: null, role: [role] },
    },
  });

const entry = (deviceToken: string) => ({
  id: '7',
  name: 'Ada',
  email: 'ada@fuel.test',
  image: '',
  deviceToken,
  lastLogin: 1,
});

/** Two admins and a user's phone: only admin 7's token may ever be sent to. */
const world = (token: string) =>
  new MemoryDb({
    admins: { 7: entry(token), 8: { ...entry('other-admin'), id: '8' } },
    deviceTokens: { 1: { a: { token: 'user-phone', updatedAt: 1 } } },
  });

const json = (value: unknown) => ({
  kind: 'bytes' as const,
  bytes: new TextEncoder().encode(JSON.stringify(value)),
});
const NOW = 1_750_000_000_000;
const DRAFT = { title: 'Price drop', description: 'Diesel is cheaper today', image: '' };

function payloadOf(reply: ProxyReply) {
  return testPushReplySchema.parse(
    JSON.parse(Buffer.from(reply.body as Uint8Array).toString('utf8')),
  ).payload;
}

function run(options: {
  db: MemoryDb;
  sender?: ReturnType<typeof fakeSender>;
  body?: unknown;
  role?: string;
  authorization?: string;
  now?: number;
}) {
  const sender = options.sender ?? fakeSender();
  const reply = serveTestPush(
    {
      authorization: options.authorization ?? 'Bearer t',
      body: json(options.body ?? DRAFT),
    },
    {
      db: options.db,
      now: () => options.now ?? NOW,
      sender,
      logger: recordingLogger(),
      fileBases: [new URL('https://api.fuel.test/storage')],
      getMe: meAs(options.role ?? 'admin'),
    },
  );
  return { sender, reply };
}

describe('POST /api/push/test', () => {
  it('is its own route, not a call passed to the upstream', () => {
    expect(parseRequestTarget('/api/push/test')).toEqual({ kind: 'test-push' });
  });

  it("sends the composed notification to the admin's own token only, and says it was sent", async () => {
    const db = world('emulator-web-ada');
    const { sender, reply } = run({
      db,
      body: { ...DRAFT, image: '/api/files/storage/1/a.png' },
    });
    const answer = await reply;
    expect(answer.status).toBe(200);
    expect(payloadOf(answer)).toEqual({ outcome: 'sent' });
    expect(sender.batches).toEqual([
      [
        {
          token: 'emulator-web-ada',
          notification: {
            title: 'Price drop',
            body: 'Diesel is cheaper today',
            image: 'https://api.fuel.test/storage/1/a.png',
          },
          data: { type: 'test' },
        },
      ],
    ]);
  });

  it('writes no alert and prunes nothing: only its audit entry and its time', async () => {
    const db = world('invalid-dead');
    const { reply } = run({
      db,
      sender: fakeSender(() => 'messaging/registration-token-not-registered'),
    });
    await reply;
    expect(db.at('alerts')).toBeUndefined();
    expect(db.at('admins/7/deviceToken')).toBe('invalid-dead');
    expect(Object.values(db.at('auditLog') as object)).toEqual([
      {
        uid: '7',
        email: 'ada@fuel.test',
        action: 'push.test',
        summary: 'Sent a test push to their own browser (refused)',
        status: 200,
        at: NOW,
      },
    ]);
    expect(db.at('testPushes/7')).toBe(NOW);
  });

  it('sends one test push per admin per ten seconds, refusing the rest with 429', async () => {
    const db = world('tok');
    expect((await run({ db }).reply).status).toBe(200);
    const soon = run({ db, now: NOW + 9_999 });
    const refused = await soon.reply;
    expect(refused.status).toBe(429);
    expect(JSON.parse(Buffer.from(refused.body as Uint8Array).toString()).metadata.message).toBe(
      TEST_PUSH_MESSAGES.tooSoon,
    );
    expect(soon.sender.batches).toEqual([]);
    expect((await run({ db, now: NOW + 10_000 }).reply).status).toBe(200);
    expect(Object.values(db.at('auditLog') as object)).toHaveLength(2);
  });

  it('says no token is registered when the admin has none, and sends nothing', async () => {
    for (const db of [world(''), new MemoryDb()]) {
      const { sender, reply } = run({ db });
      expect(payloadOf(await reply)).toEqual({ outcome: 'no-token' });
      expect(sender.batches).toEqual([]);
    }
  });

  it("passes on FCM's reason when it refuses the message", async () => {
    const { reply } = run({
      db: world('stale'),
      sender: fakeSender(() => 'messaging/registration-token-not-registered'),
    });
    expect(payloadOf(await reply)).toEqual({
      outcome: 'refused',
      reason: 'messaging/registration-token-not-registered',
    });
  });

  it('calls a sender that throws a refusal, not a server error', async () => {
    const db = world('tok');
    const reply = await serveTestPush(
      { authorization: 'Bearer t', body: json(DRAFT) },
      {
        db,
        now: () => NOW,
        sender: { sendEach: () => Promise.reject(new Error('FCM down')) },
        logger: recordingLogger(),
        fileBases: undefined,
        getMe: meAs('admin'),
      },
    );
    expect(payloadOf(reply)).toEqual({ outcome: 'refused', reason: 'send-failed' });
  });

  it('refuses a body without a title, with an over-long title or that is no JSON', async () => {
    for (const body of [
      { ...DRAFT, title: '  ' },
      { ...DRAFT, title: 'x'.repeat(101) },
      { description: 'only' },
      'not an object',
    ]) {
      const { sender, reply } = run({ db: world('tok'), body });
      const answer = await reply;
      expect(answer.status).toBe(400);
      expect(JSON.parse(Buffer.from(answer.body as Uint8Array).toString())).toMatchObject({
        metadata: { success: 0, message: TEST_PUSH_MESSAGES.badBody },
      });
      expect(sender.batches).toEqual([]);
    }
  });

  it('refuses anyone but an admin, and a caller without a bearer token', async () => {
    const asUser = run({ db: world('tok'), role: 'user' });
    expect((await asUser.reply).status).toBe(403);
    expect(asUser.sender.batches).toEqual([]);
    const anonymous = run({ db: world('tok'), authorization: '' });
    expect((await anonymous.reply).status).toBe(401);
    expect(anonymous.sender.batches).toEqual([]);
  });
});
