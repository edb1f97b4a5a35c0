import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { z } from 'zod';
import { announcementSchema, type Announcement } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import {
  adminPage,
  asUpload,
  fakeImage,
  jpegImage,
  loadedSize,
  pngImage,
  toast,
} from './support/admin-screens.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The announcements screen against the local stack: add with an image, edit in place with a
// new image, delete; the form's own checks and the server's refusal of a false image.
const stack = inject('stack');
const admin = adminApi(stack);

async function announcements(): Promise<Announcement[]> {
  const reply = await admin.call('/admin/notifications', z.array(announcementSchema));
  return reply.body.payload;
}

const addForm = (page: Page) => page.getByRole('region', { name: 'Add Announcement' });
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

describe('the announcements screen', () => {
  test('adds an announcement with an image, edits it in place with a new image, and deletes it', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await adminPage(page, stack, '/notificationsalerts');
    const title = `Free car wash ${randomUUID().slice(0, 8)}`;
    const png = pngImage('car-wash.png', 240, 120, [30, 64, 175], [250, 204, 21]);

    const form = addForm(page);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Every fill-up over 10 gallons this week.');
    await form.getByLabel(/^Image/).setInputFiles(asUpload(png));
    const preview = form.getByRole('img', { name: 'Image preview' });
    await expect.poll(() => loadedSize(preview)).toEqual({ width: 240, height: 120 });
    await form.getByRole('button', { name: 'Add Announcement' }).click();
    await expect.poll(() => toast(page, 'Added Successfully').isVisible()).toBe(true);

    // The new card shows the uploaded picture, served through the app's file proxy.
    const added = card(page, title);
    await expect
      .poll(() => loadedSize(added.locator('img')), { timeout: 15_000 })
      .toEqual({ width: 240, height: 120 });
    expect(await added.locator('img').getAttribute('src')).toMatch(/^\/api\/files\//);
    expect(await added.getByRole('button', { name: 'Edit' }).count()).toBe(1);
    expect(await added.getByRole('button', { name: 'Delete' }).count()).toBe(1);
    // The form is empty again for the next one.
    expect(await form.getByLabel('Title').inputValue()).toBe('');
    const stored = (await announcements()).find((a) => a.title === title);
    expect(stored?.image?.original_url).toMatch(/^\/api\/files\//);
    const firstImage = stored?.image?.original_url ?? '';

    await added.getByRole('button', { name: 'Edit' }).click();
    const editor = card(page, 'Edit announcement');
    expect(await editor.getByLabel('Title').inputValue()).toBe(title);
    const renamed = `${title} (extended)`;
    await editor.getByLabel('Title').fill(renamed);
    const jpeg = await jpegImage(page, 'car-wash.jpg', 300, 150, '#0f766e');
    await editor.getByLabel(/^Image/).setInputFiles(asUpload(jpeg));
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => toast(page, 'Updated Successfully').isVisible()).toBe(true);
    const edited = card(page, renamed);
    await expect
      .poll(() => loadedSize(edited.locator('img')), { timeout: 15_000 })
      .toEqual({ width: 300, height: 150 });
    const after = (await announcements()).find((a) => a.id === stored?.id);
    expect(after?.title).toBe(renamed);
    expect(after?.image?.original_url).not.toBe(firstImage);
    // The replaced picture is gone upstream.
    expect((await fetch(`${stack.urls.app}${firstImage}`)).status).toBe(404);

    await edited.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete' });
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => toast(page, 'Announcement deleted').isVisible()).toBe(true);
    await expect.poll(() => edited.count()).toBe(0);
    // The request goes once the Undo toast ends (5 s).
    await expect
      .poll(async () => (await announcements()).some((a) => a.id === stored?.id), {
        timeout: 10_000,
      })
      .toBe(false);
    expect((await fetch(`${stack.urls.app}${after?.image?.original_url ?? ''}`)).status).toBe(404);
  });

  test('asks for a title and a description, and keeps the form when the server refuses the image', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await adminPage(page, stack, '/notificationsalerts');
    const form = addForm(page);
    await form.getByRole('button', { name: 'Add Announcement' }).click();
    await expect.poll(() => form.getByText('Title is required').isVisible()).toBe(true);
    expect(await form.getByText('Description is required').isVisible()).toBe(true);

    const title = `Broken banner ${randomUUID().slice(0, 8)}`;
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('Its picture is not a picture.');
    await form.getByLabel(/^Image/).setInputFiles(asUpload(fakeImage('banner.png', 'image/png')));
    await form.getByRole('button', { name: 'Add Announcement' }).click();
    await expect
      .poll(() =>
        toast(page, 'The image field must be a file of type: png, jpeg, jpg.').isVisible(),
      )
      .toBe(true);
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    expect(await form.getByText('banner.png').isVisible()).toBe(true);
    expect((await announcements()).some((a) => a.title === title)).toBe(false);
  });
});
