import type { Page } from 'playwright-core';
import { z } from 'zod';
import { offerSchema, type Offer } from '../../functions/src/contracts/index.js';
import { adminApi } from './support/admin-api.ts';
import {
  adminPage,
  asUpload,
  fakeImage,
  gifImage,
  jpegImage,
  loadedSize,
  pngImage,
  toast,
} from './support/admin-screens.ts';
import { describe, expect, inject, REFUSED_REQUEST, test } from './support/fixtures.ts';

// The offers screen against the local stack: three new images (png, gif, jpeg) uploaded at once
// and still there after a reload; a false image refused by the server.
const stack = inject('stack');
const admin = adminApi(stack);

async function offers(): Promise<Offer[]> {
  const reply = await admin.call('/admin/offers', z.array(offerSchema));
  return reply.body.payload;
}

const slot = (page: Page, name: string) => page.getByRole('region', { name });
const shownNow = (page: Page, name: string) =>
  slot(page, name).getByRole('img', { name: `${name}: the image shown now` });

describe('the offers screen', () => {
  test('uploads three offer images, previews them first, and shows them after a reload', async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await adminPage(page, stack, '/offers');
    const before = await offers();
    const png = pngImage('offer-one.png', 320, 160, [220, 38, 38], [255, 255, 255]);
    const gif = gifImage('offer-two.gif', 300, 150, [
      [22, 163, 74],
      [255, 255, 255],
      [37, 99, 235],
    ]);
    const jpeg = await jpegImage(page, 'offer-three.jpg', 280, 140, '#7c3aed');

    await expect.poll(() => shownNow(page, 'First offer').isVisible()).toBe(true);
    await slot(page, 'First offer').getByLabel(/image/).setInputFiles(asUpload(png));
    await slot(page, 'Second offer').getByLabel(/image/).setInputFiles(asUpload(gif));
    await slot(page, 'Third offer').getByLabel(/image/).setInputFiles(asUpload(jpeg));
    // Each slot previews its new image before anything is sent.
    for (const [name, image] of [
      ['First offer', png],
      ['Second offer', gif],
      ['Third offer', jpeg],
    ] as const) {
      const preview = slot(page, name).getByRole('img', {
        name: `${name}: preview of the new image`,
      });
      await expect
        .poll(() => loadedSize(preview))
        .toEqual({ width: image.width, height: image.height });
    }
    expect(await page.getByText('New images chosen: 3 of 3').isVisible()).toBe(true);
    expect(await offers()).toEqual(before);

    await page.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => toast(page, 'Saved Successfully').isVisible()).toBe(true);
    const after = await offers();
    expect(after.map((offer) => offer.slot)).toEqual([
      'first_image',
      'second_image',
      'third_image',
    ]);
    for (const offer of after) {
      expect(before.find((old) => old.slot === offer.slot)?.image.original_url).not.toBe(
        offer.image.original_url,
      );
    }

    await page.reload();
    for (const [name, image] of [
      ['First offer', png],
      ['Second offer', gif],
      ['Third offer', jpeg],
    ] as const) {
      await expect
        .poll(() => loadedSize(shownNow(page, name)), { timeout: 15_000 })
        .toEqual({ width: image.width, height: image.height });
    }
  });

  test("shows the server's refusal of a false image and keeps the choice", async ({
    page,
    errors,
  }) => {
    errors.expect(REFUSED_REQUEST);
    await adminPage(page, stack, '/offers');
    const before = await offers();
    await expect.poll(() => shownNow(page, 'Second offer').isVisible()).toBe(true);
    await slot(page, 'Second offer')
      .getByLabel(/image/)
      .setInputFiles(asUpload(fakeImage('not-really.gif', 'image/gif')));
    await page.getByRole('button', { name: 'Upload' }).click();
    await expect
      .poll(() =>
        toast(
          page,
          'The second image field must be a file of type: png, gif, jpeg, jpg.',
        ).isVisible(),
      )
      .toBe(true);
    expect(await slot(page, 'Second offer').getByText('not-really.gif').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Upload' }).isEnabled()).toBe(true);
    expect(await offers()).toEqual(before);
  });
});
