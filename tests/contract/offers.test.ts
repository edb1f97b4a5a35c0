import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OFFER_SLOTS, offerSchema, placeOffers } from '../../functions/src/contracts/index.js';
import { gif, jpeg, pdf, png } from './fixtures.js';
import {
  contractApi,
  download,
  expectInvalid,
  expectOk,
  expectWritten,
  flavour,
  form,
} from './support.js';

const api = contractApi();
const admin = async () => ({ token: await api.adminToken() });
const offers = async () =>
  expectOk(await api.call('GET', '/admin/offers', await admin()), z.array(offerSchema));

/** What the flavour names of three offers' places: their slots, or nothing (their order tells). */
const namedSlots = () => (flavour.offerSlots ? OFFER_SLOTS : OFFER_SLOTS.map(() => undefined));

/** Uploads images by slot; the reply lists the offers as they now are, as a new read does. */
async function upload(files: Parameters<typeof form>[1]) {
  const echoed = expectWritten(
    await api.call('POST', '/admin/offers', { ...(await admin()), form: form({}, files) }),
    z.array(offerSchema),
  );
  const now = await offers();
  expect(echoed).toEqual(now);
  return now;
}

// The tests replace the offer images: the originals are put back afterwards, so the suite can
// run against a real upstream.
const originals = new Map<string, { name: string; bytes: Buffer }>();
beforeAll(async () => {
  for (const [slot, offer] of Object.entries(placeOffers(await offers()).bySlot)) {
    originals.set(slot, {
      name: offer.image.original_url.split('/').pop() ?? 'offer.png',
      bytes: (await download(offer.image.original_url)).bytes,
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
  it('lists the offer images in slot order, each with its URL', async () => {
    const list = await offers();
    if (flavour.offerSlots) {
      const slots = list.map((o) => o.slot);
      expect(slots).toEqual(OFFER_SLOTS.filter((s) => slots.includes(s)));
    } else {
      // Without slots, only all three can be placed.
      expect(list.map((o) => o.slot)).toEqual(namedSlots());
    }
    for (const offer of list) expect((await download(offer.image.original_url)).status).toBe(200);
  });
});

describe('POST /admin/offers', () => {
  it('replaces only the slots sent (png, gif or jpeg)', async () => {
    const before = placeOffers(await offers()).bySlot;
    const image = gif();
    const after = placeOffers(
      await upload({ second_image: { name: 'offer.gif', bytes: image } }),
    ).bySlot;
    const second = after.second_image;
    expect((await download(second?.image.original_url ?? '')).bytes.equals(image)).toBe(true);
    for (const slot of ['first_image', 'third_image'] as const) {
      expect(after[slot]).toEqual(before[slot]);
    }
    const old = before.second_image;
    if (old !== undefined) expect((await download(old.image.original_url)).status).toBe(404);
  });

  it('takes all three at once, each in its slot', async () => {
    const images = { first_image: png(), second_image: jpeg(), third_image: gif() };
    const after = await upload({
      first_image: { name: 'a.png', bytes: images.first_image },
      second_image: { name: 'b.jpg', bytes: images.second_image },
      third_image: { name: 'c.gif', bytes: images.third_image },
    });
    expect(after.map((o) => o.slot)).toEqual(namedSlots());
    const { bySlot, unplaced } = placeOffers(after);
    expect(unplaced).toEqual([]);
    for (const slot of OFFER_SLOTS) {
      const url = bySlot[slot]?.image.original_url ?? '';
      expect((await download(url)).bytes.equals(images[slot])).toBe(true);
    }
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
