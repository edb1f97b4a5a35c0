import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { paths } from '../../functions/src/contracts/index.ts';
import type { Logger } from '../../dev/logger.ts';
import type { Stack } from '../../dev/stack.ts';
import { httpRequest } from '../support/http.ts';
import { measured, under, type Figure } from '../support/report.ts';
import type { Suite } from '../support/suite.ts';

const spec = {
  id: 'trigger.alert-delivery',
  section: 'Trigger',
  label:
    'database write of a new alert to its delivery record (a push starts within a second of the write)',
  unit: 'ms',
  budget: under(1000),
} as const;

const WARM_UPS = 2;
const POLL_MS = 10;
const GIVE_UP_MS = 15_000;

/**
 * A write runs the push trigger: the owner writes a new notificationsAlert entry for
 * one user through the database's REST API, as the Admin SDK would, and the time runs until the
 * entry's delivery record, which `onAlertCreated` writes once it has pushed, is there. Warm-ups
 * first, unmeasured: the Functions emulator starts a worker at a trigger's first event.
 */
async function measureTrigger(options: {
  stack: Stack;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const { host, port, namespace } = options.stack.rtdb;
  const url = (path: string) => `http://${host}:${port}/${path}.json?ns=${namespace}`;
  const owner = { authorization: 'Bearer owner', 'content-type': 'application/json' };
  const times: number[] = [];
  // A user with devices in the mirror (the cold loads listed the users), so there is a push.
  const tokens = await httpRequest(`${url('deviceTokens')}&shallow=true`, { headers: owner });
  const holders = z
    .record(z.string(), z.literal(true))
    .nullable()
    .parse(JSON.parse(tokens.body.toString('utf8')));
  const userId = Object.keys(holders ?? {})[0] ?? '1';
  for (let run = 0; run < WARM_UPS + options.runs; run++) {
    const id = `bench-${randomUUID()}`;
    const alert = {
      notificationId: id,
      title: 'Benchmark',
      description: 'A write that runs the push trigger.',
      image: '',
      userName: 'Benchmark',
      target: 'user',
      userId,
      timeStamp: Date.now(),
    };
    const started = performance.now();
    const written = await httpRequest(url(`${paths.alerts()}/${id}`), {
      method: 'PUT',
      headers: owner,
      body: JSON.stringify(alert),
    });
    if (written.status !== 200) throw new Error(`the write answered HTTP ${written.status}`);
    for (;;) {
      const reply = await httpRequest(url(paths.alertDelivery(id)), { headers: owner });
      if (JSON.parse(reply.body.toString('utf8')) !== null) break;
      if (performance.now() - started > GIVE_UP_MS) {
        throw new Error(`no delivery record ${GIVE_UP_MS / 1000} s after the write`);
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const took = performance.now() - started;
    await httpRequest(url(`${paths.alerts()}/${id}`), { method: 'DELETE', headers: owner });
    if (run >= WARM_UPS) {
      times.push(took);
      options.log.info(`trigger run ${run - WARM_UPS + 1}: ${Math.round(took)} ms`);
    }
  }
  return [
    measured(spec, times, {
      note: `from the write to the delivery record read back (polled every ${POLL_MS} ms): the offline engine hands the event to the Functions emulator, onAlertCreated reads the devices of user ${userId}, records the pushes in the outbox and writes the delivery`,
    }),
  ];
}

export const triggerSuite: Suite = {
  id: 'trigger',
  figures: [spec],
  stack: 'default',
  measure: ({ stack, log }) => {
    log.info('trigger: 5 alerts written, each to its delivery record…');
    return measureTrigger({ stack: stack.stack, runs: 5, log });
  },
};
