import type { Database } from 'firebase-admin/database';
import { z } from 'zod';
import { SEED_SECOND_ADMIN } from '../../../dev/api/index.ts';
import type { StackInfo } from '../../support/stack-info.ts';
import { apiCall, apiLogin } from './clients.ts';
import {
  alertSchema,
  CHANGE_REQUESTS_PATH,
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

/**
 * The second seed admin asks for a push to everyone through the `api` function, as the composer
 * does while the policy holds such pushes: the first admin's Approvals inbox then offers Approve
 * and Reject on it. Returns the request's id.
 */
export async function askAsSecondAdmin(stack: StackInfo, title: string): Promise<string> {
  const login = await apiLogin(stack, SEED_SECOND_ADMIN.email, SEED_SECOND_ADMIN.password);
  const asked = await apiCall(
    stack,
    login.body.payload?.token ?? '',
    CHANGE_REQUESTS_PATH,
    z.object({ id: z.string() }),
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        kind: 'push',
        title,
        description: 'Asked for by a second admin.',
        image: '',
      }),
    },
  );
  return asked.body.payload.id;
}
