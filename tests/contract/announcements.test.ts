import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { announcementSchema, type Announcement } from '../../functions/src/contracts/index.js';
import { png, jpeg, text } from './fixtures.js';
import {
  contractApi,
  download,
  expectFail,
  expectInvalid,
  expectOk,
  expectWritten,
  flavour,
  form,
  type Reply,
} from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });
const list = async () =>
  expectOk(
    await api.call('GET', '/admin/notifications', await admin()),
    z.array(announcementSchema),
  );

/**
 * The announcement a write saved: its reply's echo where the dialect promises one, else what
 * the list says once read again (a bare model has no image), as the product does.
 */
async function saved(reply: Reply, pick: (items: Announcement[]) => Announcement | undefined) {
  const echoed = expectWritten(reply, announcementSchema);
  if (flavour.writeRelations) expect(echoed).toBeDefined();
  const announcement = echoed ?? pick(await list());
  if (announcement === undefined) throw new Error('the saved announcement is not in the list');
  return announcement;
}
/** A new announcement: the list is newest first. */
const created = (reply: Reply) => saved(reply, (items) => items[0]);
const updated = (reply: Reply, id: number) =>
  saved(reply, (items) => items.find((a) => a.id === id));

describe('GET /admin/notifications', () => {
  it('lists announcements with title, description and image', async () => {
    const items = await list();
    expect(Array.isArray(items)).toBe(true);
  });
});

describe('POST /admin/notifications', () => {
  it('creates an announcement with a png image, served back at its URL', async () => {
    const image = png(8, 6);
    const announcement = await created(
      await api.call('POST', '/admin/notifications', {
        ...(await admin()),
        form: form(
          { title: 'Weekend price drop', description: '10 cents off' },
          { image: { name: 'drop.png', bytes: image, type: 'image/png' } },
        ),
      }),
    );
    expect(announcement).toMatchObject({
      title: 'Weekend price drop',
      description: '10 cents off',
    });
    const file = await download(announcement.image?.original_url ?? '');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.bytes.equals(image)).toBe(true);
    expect((await list())[0]?.id).toBe(announcement.id);
    await api.call('DELETE', `/admin/notifications/${announcement.id}`, await admin());
  });

  it('creates one without an image (the image is optional)', async () => {
    const announcement = await created(
      await api.call('POST', '/admin/notifications', {
        ...(await admin()),
        form: form({ title: 'No picture', description: 'Text only' }),
      }),
    );
    expect(announcement).toMatchObject({
      title: 'No picture',
      description: 'Text only',
      image: null,
    });
    await api.call('DELETE', `/admin/notifications/${announcement.id}`, await admin());
  });

  it('requires title and description, and accepts only png or jpeg images (by content)', async () => {
    const errors = expectInvalid(
      await api.call('POST', '/admin/notifications', {
        ...(await admin()),
        form: form({ title: ' ' }, { image: { name: 'fake.png', bytes: text('not an image') } }),
      }),
    );
    expect(errors).toEqual({
      title: ['The title field is required.'],
      description: ['The description field is required.'],
      image: ['The image field must be a file of type: png, jpeg, jpg.'],
    });
  });
});

describe('POST /admin/notifications/{id}?_method=PUT', () => {
  it('updates text, replaces the image and removes the old file', async () => {
    const before = await created(
      await api.call('POST', '/admin/notifications', {
        ...(await admin()),
        form: form(
          { title: 'Before', description: 'Old' },
          { image: { name: 'old.png', bytes: png() } },
        ),
      }),
    );
    const textOnly = await updated(
      await api.call('POST', `/admin/notifications/${before.id}?_method=PUT`, {
        ...(await admin()),
        form: form({ title: 'After', description: 'New' }),
      }),
      before.id,
    );
    expect(textOnly).toMatchObject({
      id: before.id,
      title: 'After',
      description: 'New',
      image: before.image,
    });

    const withImage = await updated(
      await api.call('POST', `/admin/notifications/${before.id}?_method=PUT`, {
        ...(await admin()),
        form: form(
          { title: 'After', description: 'New' },
          { image: { name: 'new photo.jpg', bytes: jpeg() } },
        ),
      }),
      before.id,
    );
    expect(withImage.image?.original_url).not.toBe(before.image?.original_url);
    expect((await download(withImage.image?.original_url ?? '')).headers.get('content-type')).toBe(
      'image/jpeg',
    );
    expect((await download(before.image?.original_url ?? '')).status).toBe(404);
    await api.call('DELETE', `/admin/notifications/${before.id}`, await admin());
  });

  it('validates, and answers 404 for an unknown announcement', async () => {
    const announcement = await created(
      await api.call('POST', '/admin/notifications', {
        ...(await admin()),
        form: form({ title: 'T', description: 'D' }),
      }),
    );
    const errors = expectInvalid(
      await api.call('POST', `/admin/notifications/${announcement.id}?_method=PUT`, {
        ...(await admin()),
        form: form({ title: 'T' }),
      }),
    );
    expect(errors.description).toEqual(['The description field is required.']);
    expect(
      expectFail(
        await api.call('POST', '/admin/notifications/99999999?_method=PUT', {
          ...(await admin()),
          form: form({ title: 'T', description: 'D' }),
        }),
        404,
      ),
    ).toBe('The requested announcement is not found');
    await api.call('DELETE', `/admin/notifications/${announcement.id}`, await admin());
  });
});

describe('DELETE /admin/notifications/{id}', () => {
  it('deletes the announcement and its image file', async () => {
    const announcement = await created(
      await api.call('POST', '/admin/notifications', {
        ...(await admin()),
        form: form(
          { title: 'Short-lived', description: 'Gone soon' },
          { image: { name: 'x.png', bytes: png() } },
        ),
      }),
    );
    expectWritten(
      await api.call('DELETE', `/admin/notifications/${announcement.id}`, await admin()),
      z.null(),
    );
    expect((await list()).some((a) => a.id === announcement.id)).toBe(false);
    expect((await download(announcement.image?.original_url ?? '')).status).toBe(404);
  });

  it('answers 404 for an unknown announcement', async () => {
    expectFail(await api.call('DELETE', '/admin/notifications/99999999', await admin()), 404);
  });
});
