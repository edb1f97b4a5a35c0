import { deleteApp } from 'firebase/app';
import { ref, set } from 'firebase/database';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import {
  auditEntrySchema,
  paths,
  priceDaySchema,
  scheduledPaths,
  type Alert,
} from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import { denial, eventually, ownerDatabase, signedInWeb } from './support/clients.ts';
import { policyForRun } from './support/policy.ts';

// The audit trail as the deployed functions write it: through the api function for changes
// made over REST, and from the alert trigger for alerts written straight into the database.
const stack = inject('stack');
const owner = ownerDatabase(stack);
const admin = adminApi(stack);
let firebaseToken = '';
let adminUid = '';
// The alerts to everyone written below go out directly, as with pushes not held for approval.
let restorePolicy: () => Promise<void>;

beforeAll(async () => {
  // Signed in before the first case, which looks for this sign-in in the trail.
  const login = await admin.login();
  firebaseToken = login.firebaseToken ?? '';
  adminUid = String(login.user.id);
  restorePolicy = await policyForRun(owner.db, { pushAll: false });
});
afterAll(async () => {
  await restorePolicy();
  await owner.close();
});

/** Every entry, oldest first, as an admin's screen reads them (ordered by time). */
async function entries() {
  const snapshot = await owner.db.ref(paths.auditLog()).orderByChild('at').get();
  const all: z.infer<typeof auditEntrySchema>[] = [];
  snapshot.forEach((child) => {
    all.push(auditEntrySchema.parse(child.val()));
  });
  return all;
}

const idList = z.array(z.object({ id: z.number() }).loose());
const prices = z
  .object({
    regular: z.coerce.number(),
    premium: z.coerce.number(),
    diesel: z.coerce.number(),
    renew_99: z.coerce.number(),
    b_20: z.coerce.number(),
  })
  .loose();

describe('the audit trail', () => {
  it("records the admin's sign-in", async () => {
    expect(await entries()).toContainEqual(
      expect.objectContaining({
        uid: adminUid,
        email: stack.admin.email,
        action: 'session.sign-in',
        status: 200,
      }),
    );
  });

  it('has a deleted user in the trail as soon as the delete has answered', async () => {
    const users = await admin.call('/admin/user', idList);
    const victim = String(users.body.payload?.at(-1)?.id);
    const reply = await admin.call(`/admin/user/${victim}`, z.null(), {
      method: 'DELETE',
    });
    expect(reply.status).toBe(200);
    expect((await entries()).at(-1)).toMatchObject({
      uid: adminUid,
      email: stack.admin.email,
      action: 'user.delete',
      targets: { user: victim },
      status: 200,
    });
  });

  it('keeps the prices before a save as the function read them, after, and the day', async () => {
    const groups = await admin.call('/admin/groups', idList);
    const types = await admin.call('/admin/fuel-price-types', idList);
    const group = String(groups.body.payload?.[0]?.id);
    const type = types.body.payload?.[0]?.id;
    const date = '2026-01-15';
    // As the price form sends it: multipart, every value a text field.
    const save = (regular: number) => {
      const form = new FormData();
      const fields = { fuel_price_type_id: type, date, regular, premium: 3.99, diesel: 4.19 };
      for (const [name, value] of Object.entries({ ...fields, renew_99: 4.59, b_20: 4.09 })) {
        form.set(name, String(value));
      }
      return admin.call(`/admin/group/${group}/fuel-prices`, prices, {
        method: 'POST',
        body: form,
      });
    };
    expect((await save(3.29)).status).toBe(200);
    expect((await save(3.49)).status).toBe(200);
    expect((await entries()).at(-1)).toMatchObject({
      action: 'prices.save',
      targets: { group, type: String(type), date },
      before: { regular: 3.29, premium: 3.99 },
      after: { regular: 3.49, premium: 3.99 },
      status: 200,
    });
    const day: unknown = (
      await owner.db.ref(`${paths.priceHistory(group, String(type))}/${date}`).get()
    ).val();
    expect(priceDaySchema.parse(day)).toMatchObject({ regular: 3.49, by: adminUid });
  });

  it('records an alert an admin wrote into the database and its deletion, under that admin', async () => {
    const { app, db } = await signedInWeb(stack, firebaseToken);
    try {
      const alertId = `audit-${randomUUID()}`;
      const alert: Alert = {
        notificationId: alertId,
        title: 'Audit trail check',
        description: 'Recorded by the trigger',
        image: '',
        userName: 'All Users',
        timeStamp: Date.now() - 1000,
        target: 'all',
      };
      await set(ref(db, `${paths.alerts()}/${alertId}`), alert);
      const entry = await eventually(async () => {
        const value: unknown = (
          await owner.db.ref(`${paths.auditLog()}/alert-${alertId}`).get()
        ).val();
        return value === null ? undefined : auditEntrySchema.parse(value);
      }, 'the alert in the audit trail');
      expect(entry).toMatchObject({
        uid: adminUid,
        action: 'alert.create',
        targets: { alert: alertId },
        summary: 'Sent "Audit trail check" to everyone',
      });

      const forged = { ...entry, summary: 'Nothing happened' };
      expect(await denial(set(ref(db, `${paths.auditLog()}/-forged`), forged))).toMatch(
        /permission/i,
      );
      expect(await denial(set(ref(db, `${paths.auditLog()}/alert-${alertId}`), null))).toMatch(
        /permission/i,
      );

      // Deleting it from the history is recorded too, under the admin who deleted it.
      await set(ref(db, `${paths.alerts()}/${alertId}`), null);
      const deletion = await eventually(async () => {
        const value: unknown = (
          await owner.db.ref(`${paths.auditLog()}/alert-deleted-${alertId}`).get()
        ).val();
        return value === null ? undefined : auditEntrySchema.parse(value);
      }, 'the deleted alert in the audit trail');
      expect(deletion).toMatchObject({
        uid: adminUid,
        action: 'alert.delete',
        targets: { alert: alertId },
        summary: 'Deleted "Audit trail check" (sent to everyone) from the history',
      });
    } finally {
      await deleteApp(app);
    }
  });

  it("records an admin's scheduled send and its cancelling, under that admin", async () => {
    const { app, db } = await signedInWeb(stack, firebaseToken);
    try {
      const id = `sched-${randomUUID()}`;
      await set(ref(db, `${scheduledPaths.scheduledAlert(id)}`), {
        notificationId: id,
        title: 'Audit of a scheduled send',
        description: 'Cancelled before it goes',
        image: '',
        userName: 'All Users',
        timeStamp: Date.now() - 1000,
        target: 'all',
        sendAt: Date.now() + 3_600_000,
        createdBy: adminUid,
        status: 'pending',
      });
      await set(ref(db, `${scheduledPaths.scheduledAlert(id)}`), null);
      const recorded = await eventually(async () => {
        const found = (await entries()).filter((entry) => entry.targets?.alert === id);
        return found.length === 2 ? found : undefined;
      }, 'the scheduled send and its cancelling in the audit trail');
      expect(recorded.map((entry) => [entry.uid, entry.action])).toEqual([
        [adminUid, 'scheduled.create'],
        [adminUid, 'scheduled.cancel'],
      ]);
    } finally {
      await deleteApp(app);
    }
  });
});
