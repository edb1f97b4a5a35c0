/**
 * An alert to everyone sent in chunks on a stack of its own, whose functions take a chunk to be
 * 10 users: the alert trigger sends the first chunk and queues the next through the Admin SDK
 * to the Tasks emulator, which runs each as the deployed `pushAlertChunk` function. Every device
 * is pushed once, and the delivery record ends as the sum of the chunks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { streamLogger } from '../../dev/logger.ts';
import { freePorts } from '../../dev/ports.ts';
import { startStack, type Stack } from '../../dev/stack.ts';
import {
  alertSchema,
  deliverySchema,
  deviceTokenEntrySchema,
  outboxEntrySchema,
  paths,
  pushClaimSchema,
  userSchema,
  type Alert,
} from '../../functions/src/contracts/index.js';
import type { StackInfo } from '../support/stack-info.ts';
import { adminApi } from './support/admin-api.ts';
import { eventually, ownerDatabase } from './support/clients.ts';

const CHUNK_USERS = 10;
let stack: Stack;
let info: StackInfo;
let owner: ReturnType<typeof ownerDatabase>;

beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-e2e-chunks-'));
  const log = streamLogger('chunks stack', fs.createWriteStream(path.join(dataDir, 'stack.log')));
  stack = await startStack({
    ports: await freePorts(),
    dataDir,
    reset: true,
    functionParams: { PUSH_CHUNK_USERS: String(CHUNK_USERS) },
    log,
  });
  info = { ...stack, dataDir };
  owner = ownerDatabase(info);
}, 400_000);

afterAll(async () => {
  await owner.close();
  await stack.stop();
  if (!process.env.KEEP_E2E_DATA) fs.rmSync(info.dataDir, { recursive: true, force: true });
}, 60_000);

it('sends an alert to everyone in chunks through the task queue, each device once', async () => {
  const users = await adminApi(info).call('/admin/user', z.array(userSchema));
  const withDevices = users.body.payload.filter((u) => u.device_ids.length > 0);
  expect(withDevices.length).toBeGreaterThan(3 * CHUNK_USERS);
  const tokens = await eventually(async () => {
    const mirror = (await owner.db.ref('deviceTokens').get()).val() as Record<string, unknown>;
    const stored = Object.values(mirror ?? {}).flatMap((slots) =>
      Object.values(slots as Record<string, unknown>).map(
        (e) => deviceTokenEntrySchema.parse(e).token,
      ),
    );
    return Object.keys(mirror ?? {}).length >= withDevices.length ? stored : undefined;
  }, 'the device mirror');

  const ref = owner.db.ref(paths.alerts()).push();
  const alertId = ref.key ?? '';
  const alert: Alert = alertSchema.parse({
    notificationId: alertId,
    title: `Chunked ${alertId}`,
    description: 'To every device, in chunks.',
    image: '',
    userName: 'All Users',
    timeStamp: Date.now(),
    target: 'all',
  });
  await ref.set(alert);

  const delivery = await eventually(
    async () => {
      const value = deliverySchema.safeParse(
        (await owner.db.ref(paths.alertDelivery(alertId)).get()).val(),
      );
      return value.success && value.data.sent + value.data.failed === tokens.length
        ? value.data
        : undefined;
    },
    'a delivery record counting every device',
    120_000,
  );

  // Indexed 0, 1, 2…: the database hands the chunks' claims back as an array.
  const chunks = z
    .array(pushClaimSchema)
    .parse((await owner.db.ref(paths.pushClaim('alertChunks', alertId)).get()).val());
  expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(withDevices.length / CHUNK_USERS));
  expect(chunks.every((c) => c.state === 'done')).toBe(true);
  expect(delivery.sent).toBe(chunks.reduce((sum, c) => sum + c.sent, 0));
  expect(delivery.failed).toBe(chunks.reduce((sum, c) => sum + c.failed, 0));

  const outbox = z
    .record(z.string(), outboxEntrySchema)
    .parse((await owner.db.ref(paths.outbox()).get()).val());
  const sent = Object.values(outbox)
    .filter((m) => m.notification.title === alert.title)
    .map((m) => m.token);
  expect(sent.sort()).toEqual([...tokens].sort());

  const log = fs.readFileSync(path.join(info.dataDir, 'firebase.log'), 'utf8');
  expect(log).toMatch(/Beginning execution of "us-central1-pushAlertChunk"/);
}, 300_000);
