import type { Database } from 'firebase-admin/database';
import { z } from 'zod';
import {
  alertSchema,
  outboxEntrySchema,
  paths,
  type Alert,
} from '../../../functions/src/contracts/index.js';

const alerts = z.record(z.string(), alertSchema);
const outbox = z.record(z.string(), outboxEntrySchema);

/** The alert of the history with this title, if it is there yet. */
export async function alertTitled(db: Database, title: string): Promise<Alert | undefined> {
  const all = alerts.parse((await db.ref(paths.alerts()).get()).val() ?? {});
  return Object.values(all).find((alert) => alert.title === title);
}

/** What the recording sender has handed to "FCM" (the outbox) under this title. */
export async function outboxTitled(db: Database, title: string) {
  const all = outbox.parse((await db.ref(paths.outbox()).get()).val() ?? {});
  return Object.values(all).filter((entry) => entry.notification.title === title);
}
