import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEED_ADMIN, startApi } from '../../dev/api/index.js';
import {
  announcementSchema,
  chatUploadSchema,
  complaintSchema,
  fuelPriceSchema,
  fuelPriceTypeSchema,
  groupSchema,
  offerSchema,
  reportSchema,
  userSchema,
} from '../../functions/src/contracts/index.js';
import { gif, jpeg, pdf, png } from './fixtures.js';
import { client, download, expectOk, form, isLocal, signIn } from './support.js';

const dirs: string[] = [];
const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((api) => api.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string) {
  const api = await startApi({ port: 0, dataDir });
  running.push(api);
  return { ...api, call: client(() => api.url) };
}

/** Everything an admin can read, with file URLs made origin-free and the files' bytes. */
async function snapshot(
  api: Awaited<ReturnType<typeof start>>,
  token: string,
  userId: number,
  groupId: number,
) {
  const get = async <T extends z.core.$ZodType>(route: string, schema: T) =>
    expectOk(await api.call('GET', route, { token }), schema);
  const [type] = await get('/admin/fuel-price-types', z.array(fuelPriceTypeSchema));
  const data = {
    users: await get('/admin/user', z.array(userSchema)),
    reports: await get(`/admin/user-reports/${userId}`, z.array(reportSchema)),
    complaints: await get('/admin/user-complaint', z.array(complaintSchema)),
    announcements: await get('/admin/notifications', z.array(announcementSchema)),
    groups: await get('/admin/groups', z.array(groupSchema)),
    offers: await get('/admin/offers', z.array(offerSchema)),
    price: await get(
      `/admin/group/${groupId}/fuel-prices/${type?.id ?? 0}?date=2002-03-04`,
      fuelPriceSchema,
    ),
  };
  const json = JSON.stringify(data);
  const urls = [...json.matchAll(/"original_url":"([^"]+)"/g)].map((m) => m[1] ?? '');
  const files = await Promise.all(
    urls.map(async (url) => (await download(url)).bytes.toString('base64')),
  );
  return { data: JSON.parse(json.replaceAll(api.origin, 'ORIGIN')) as unknown, files };
}

describe.runIf(isLocal)('a restart on the same data folder', () => {
  it('keeps every record and file, and the sessions', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fuel-restart-'));
    dirs.push(dataDir);
    const first = await start(dataDir);
    const token = await signIn(first.call, SEED_ADMIN);
    const auth = { token };

    const [user] = expectOk(await first.call('GET', '/admin/user', auth), z.array(userSchema));
    if (user === undefined) throw new Error('the seed has no users');
    expectOk(
      await first.call('POST', '/admin/user-report', {
        ...auth,
        json: {
          user_id: user.id,
          title: 'Kept',
          description: 'Across restarts',
          url: 'https://example.com/i.pdf',
        },
      }),
      reportSchema,
    );
    const [complaint] = expectOk(
      await first.call('GET', '/admin/user-complaint', auth),
      z.array(complaintSchema),
    );
    await first.call('POST', `/admin/complaint/${complaint?.id ?? 0}/response`, {
      ...auth,
      json: { response: 'Kept' },
    });
    expectOk(
      await first.call('POST', '/admin/notifications', {
        ...auth,
        form: form(
          { title: 'Kept', description: 'Kept' },
          { image: { name: 'k.jpg', bytes: jpeg() } },
        ),
      }),
      announcementSchema,
    );
    const group = expectOk(
      await first.call('POST', '/admin/groups', {
        ...auth,
        form: form({ name: 'Kept' }, { image: { name: 'k.png', bytes: png(9, 9) } }),
      }),
      groupSchema,
    );
    await first.call('POST', `/admin/groups/${group.id}/assign-users`, {
      ...auth,
      json: { user_ids: [user.id] },
    });
    await first.call('POST', '/admin/offers', {
      ...auth,
      form: form({}, { third_image: { name: 'o.gif', bytes: gif() } }),
    });
    const [type] = expectOk(
      await first.call('GET', '/admin/fuel-price-types', auth),
      z.array(fuelPriceTypeSchema),
    );
    await first.call('POST', `/admin/group/${group.id}/fuel-prices`, {
      ...auth,
      json: {
        fuel_price_type_id: type?.id,
        regular: 1,
        premium: 2,
        diesel: 3,
        renew_99: 4,
        b_20: 5,
        date: '2002-03-04',
      },
    });
    const upload = expectOk(
      await first.call('POST', '/chats', {
        ...auth,
        form: form({}, { file: { name: 'kept.pdf', bytes: pdf() } }),
      }),
      chatUploadSchema,
    );
    const before = await snapshot(first, token, user.id, group.id);
    const chatFile = (await download(upload.file.original_url)).bytes;
    await first.close();

    const second = await start(dataDir);
    expect(second.origin).not.toBe(first.origin);
    const after = await snapshot(second, token, user.id, group.id);
    expect(after).toEqual(before);
    const moved = upload.file.original_url.replace(first.origin, second.origin);
    expect((await download(moved)).bytes.equals(chatFile)).toBe(true);
    // The seed ran once: no second admin, no second set of groups.
    expect(
      expectOk(await second.call('GET', '/admin/groups', { token }), z.array(groupSchema)).length,
    ).toBe(6);
  });
});
