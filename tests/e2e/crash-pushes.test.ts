/**
 * `kill -9` of `npm start` in the middle of a chat burst, then `npm start` again on the same data
 * folder: every message the database acknowledged before the kill is pushed exactly once, those
 * whose trigger events were still waiting, on their way or half done when it died alike. Each
 * start is a whole stack: 30-90 s.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATABASE_NAMESPACE } from '../../dev/emulators.ts';
import { portsFrom } from '../../dev/ports.ts';
import { liveProcesses } from '../../dev/run-file.ts';
import {
  chatMessageSchema,
  outboxEntrySchema,
  paths,
  type ChatMessage,
} from '../../functions/src/contracts/index.js';
import { eventually } from './support/clients.ts';
import { npmStart, STACK_START_MS, stopRun, untilReady, type Run } from './support/npm-start.ts';
import { freePortBase } from './support/ports.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-crash-pushes-'));
const runs: Run[] = [];

afterAll(async () => {
  // A failed test may leave a stack running: stop it, then whatever its emulators left.
  for (const run of runs) await stopRun(run);
  const left = liveProcesses().filter((p) => p.cmdline.includes(dataDir));
  for (const group of new Set(left.map((p) => p.pgid))) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  if (!process.env.KEEP_E2E_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('chat pushes across a kill -9 of npm start', () => {
  it(
    'pushes every message acknowledged before the kill exactly once after the next start',
    async () => {
      const base = await freePortBase();
      const ports = portsFrom(base);
      const args = ['--port', String(base), '--data', dataDir];
      const url = (at: string) =>
        `http://127.0.0.1:${ports.rtdb}/${at}.json?ns=${encodeURIComponent(DATABASE_NAMESPACE)}`;
      const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };
      const put = (at: string, value: unknown) =>
        fetch(url(at), { method: 'PUT', headers: owner, body: JSON.stringify(value) });
      const tag = randomUUID().slice(0, 8);
      const groupId = `crash-${tag}`;
      const [sender, reader] = [`sender-${tag}`, `reader-${tag}`];
      const device = `e2e-crash-${randomUUID()}`;
      const message = (id: string): ChatMessage =>
        chatMessageSchema.parse({
          senderUID: sender,
          receiverUID: groupId,
          message: `Burst ${id}`,
          url: '',
          type: 'message',
          thumbnail: '',
          filetype: '',
          filename: '',
          userType: 'user',
          messageID: id,
          senderUserName: 'Crash sender',
          deleteAbleId: '',
          thumbnailID: '',
          timeStamp: Date.now(),
        });
      /** How many pushes the reader's device got for each message. */
      const pushes = async () => {
        const reply = await fetch(url(paths.outbox()), { headers: owner });
        const outbox = z
          .record(z.string(), outboxEntrySchema)
          .nullable()
          .parse(await reply.json());
        const counts = new Map<string, number>();
        for (const entry of Object.values(outbox ?? {})) {
          const id = entry.data?.messageId;
          if (entry.token === device && entry.data?.groupId === groupId && id !== undefined)
            counts.set(id, (counts.get(id) ?? 0) + 1);
        }
        return counts;
      };

      const first = npmStart(args);
      runs.push(first);
      await untilReady(first);
      expect((await put(paths.groupMembers(groupId), { [sender]: true, [reader]: true })).ok).toBe(
        true,
      );
      expect(
        (await put(`${paths.deviceTokens(reader)}/0`, { token: device, updatedAt: Date.now() })).ok,
      ).toBe(true);
      // A first message warms the function up, so the burst's triggers are on their way (some
      // with their claim taken or their push sent) when the stack dies, not only waiting.
      expect((await put(`${paths.groupChat(groupId)}/warm-up`, message('warm-up'))).ok).toBe(true);
      await eventually(
        async () => ((await pushes()).has('warm-up') ? true : undefined),
        'the push of the first message',
        120_000,
      );

      // The burst: a message every 40 ms, the stack killed once 20 are acknowledged.
      const acknowledged: string[] = [];
      const replies: Promise<void>[] = [];
      let writing = true;
      const burst = (async () => {
        for (let n = 0; writing; n += 1) {
          const id = `burst-${String(n).padStart(3, '0')}`;
          replies.push(
            put(`${paths.groupChat(groupId)}/${id}`, message(id)).then(
              (reply) => {
                if (reply.ok) acknowledged.push(id);
              },
              () => {}, // the database died before answering
            ),
          );
          await sleep(40);
        }
      })();
      await eventually(
        async () => (acknowledged.length >= 20 ? true : undefined),
        '20 acknowledged messages',
        120_000,
      );
      // kill -9 of npm start and its group; the emulators, in a group of their own, are left.
      if (first.child.pid !== undefined) process.kill(-first.child.pid, 'SIGKILL');
      await first.exited;
      writing = false;
      await burst;
      await Promise.all(replies);

      const second = npmStart(args);
      runs.push(second);
      await untilReady(second);
      const stored = await fetch(url(paths.groupChat(groupId)), { headers: owner });
      const messages = Object.keys(
        z.record(z.string(), z.unknown()).parse(await stored.json()),
      ).filter((id) => id !== 'warm-up');
      expect(messages).toEqual(expect.arrayContaining(acknowledged));
      // Every message the database kept, acknowledged or not, is pushed.
      await eventually(
        async () => {
          const counts = await pushes();
          return messages.every((id) => counts.has(id)) ? true : undefined;
        },
        `a push of each of the ${messages.length} messages`,
        180_000,
      );
      // A second push of one would come right after the first: give it time to show.
      await sleep(5000);
      const counts = await pushes();
      expect(messages.filter((id) => counts.get(id) !== 1)).toEqual([]);
      expect(counts.get('warm-up')).toBe(1);
      await stopRun(second);
    },
    4 * STACK_START_MS,
  );
});
