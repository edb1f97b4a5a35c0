import { describe, expect, it } from 'vitest';
import type { Offer } from './upstream.js';
import { placeOffers } from './place-offers.js';

const offer = (id: number, slot?: Offer['slot']): Offer => ({
  id,
  ...(slot ? { slot } : {}),
  image: { original_url: `/storage/${id}/offer.png` },
});

describe('placeOffers', () => {
  it('places each offer in its own slot when the upstream names it', () => {
    const placed = placeOffers([offer(3, 'third_image'), offer(1, 'first_image')]);
    expect(placed.bySlot).toEqual({
      first_image: offer(1, 'first_image'),
      third_image: offer(3, 'third_image'),
    });
    expect(placed.unplaced).toEqual([]);
  });

  it('places three offers without slots by their order', () => {
    const placed = placeOffers([offer(7), offer(8), offer(9)]);
    expect(placed.bySlot).toEqual({
      first_image: offer(7),
      second_image: offer(8),
      third_image: offer(9),
    });
    expect(placed.unplaced).toEqual([]);
  });

  it('does not guess where fewer than three offers without slots go', () => {
    const placed = placeOffers([offer(7), offer(8)]);
    expect(placed.bySlot).toEqual({});
    expect(placed.unplaced).toEqual([offer(7), offer(8)]);
  });

  it('keeps the named slots and hands back the rest when both kinds arrive', () => {
    const placed = placeOffers([offer(1, 'second_image'), offer(8), offer(9)]);
    expect(placed.bySlot).toEqual({ second_image: offer(1, 'second_image') });
    expect(placed.unplaced).toEqual([offer(8), offer(9)]);
  });
});
