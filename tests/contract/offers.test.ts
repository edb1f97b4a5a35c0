import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OFFER_SLOTS, offerSchema } from '../../functions/src/contracts/index.js';
import { gif, jpeg, pdf, png } from './fixtures.js';
import { contractApi, download, expectInvalid, expectOk, form } from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });
const offers = async () =>
  expectOk(await api.call('GET', '/admin/offers', await admin()), z.array(offerSchema));

// The tests replace the offer images: the originals are put back afterwards, so the suite can
// run against a real upstream.
const originals = new Map<string, { name: string; bytes: Buffer }>();
beforeAll(async () => {
  const list = await offers();
  for (const [index, offer] of list.entries()) {
    const file = await download(offer.image.original_url);
    // The original API promises no slot: three offers without one are in slot order.
    const slot =
      offer.slot ?? (list.length === OFFER_SLOTS.length ? OFFER_SLOTS[index] : undefined);
    if (slot === undefined) continue;
    originals.set(slot, {
      name: offer.image.original_url.split('/').pop() ?? 'offer.png',
      bytes: file.bytes,
    });
  }
});
afterAll(async () => {
  if (originals.size === 0) return;
  await api.call('POST', '/admin/offers', {
    ...(await admin()),
    form: form({}, Object.fromEntries(originals)),
  });
});

describe('GET /admin/offers', () => {
  it('lists the offer images by slot, each with its URL', async () => {
    const list = await offers();
    const slots = list.map((o) => o.slot);
    expect(slots).toEqual(
      ['first_image', 'second_image', 'third_image'].filter((s) => slots.includes(s as never)),
    );
    for (const offer of list) expect((await download(offer.image.original_url)).status).toBe(200);
  });
});

describe('POST /admin/offers', () => {
  it('replaces only the slots sent (png, gif or jpeg)', async () => {
    const before = await offers();
    const image = gif();
    const after = expectOk(
      await api.call('POST', '/admin/offers', {
        ...(await admin()),
        form: form({}, { second_image: { name: 'offer.gif', bytes: image } }),
      }),
      z.array(offerSchema),
    );
    const second = after.find((o) => o.slot === 'second_image');
    expect((await download(second?.image.original_url ?? '')).bytes.equals(image)).toBe(true);
    for (const slot of ['first_image', 'third_image'] as const) {
      expect(after.find((o) => o.slot === slot)).toEqual(before.find((o) => o.slot === slot));
    }
    const old = before.find((o) => o.slot === 'second_image');
    if (old !== undefined) expect((await download(old.image.original_url)).status).toBe(404);
    expect(await offers()).toEqual(after);
  });

  it('takes all three at once', async () => {
    const after = expectOk(
      await api.call('POST', '/admin/offers', {
        ...(await admin()),
        form: form(
          {},
          {
            first_image: { name: 'a.png', bytes: png() },
            second_image: { name: 'b.jpg', bytes: jpeg() },
            third_image: { name: 'c.gif', bytes: gif() },
          },
        ),
      }),
      z.array(offerSchema),
    );
    expect(after.map((o) => o.slot)).toEqual(['first_image', 'second_image', 'third_image']);
  });

  it('needs at least one image, and only images', async () => {
    const none = expectInvalid(
      await api.call('POST', '/admin/offers', { ...(await admin()), form: form({}) }),
    );
    expect(none.first_image).toEqual([
      'The first image field is required when none of second image / third image are present.',
    ]);
    const wrong = expectInvalid(
      await api.call('POST', '/admin/offers', {
        ...(await admin()),
        form: form({}, { third_image: { name: 'c.png', bytes: pdf() } }),
      }),
    );
    expect(wrong.third_image).toEqual([
      'The third image field must be a file of type: png, gif, jpeg, jpg.',
    ]);
  });
});
