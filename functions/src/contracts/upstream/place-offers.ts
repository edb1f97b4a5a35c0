import { OFFER_SLOTS, type Offer, type OfferSlot } from './upstream.js';

export interface PlacedOffers {
  bySlot: Partial<Record<OfferSlot, Offer>>;
  /** Images the upstream sent without a slot that their order cannot place either. */
  unplaced: Offer[];
}

/**
 * Which image is in which slot. An offer's own `slot` wins. The original API promises only the
 * images: three of them without slots are first, second and third in the order sent; fewer
 * cannot be placed without a guess, so they are handed back as unplaced.
 */
export function placeOffers(offers: readonly Offer[]): PlacedOffers {
  const bySlot: Partial<Record<OfferSlot, Offer>> = {};
  const withoutSlot: Offer[] = [];
  for (const offer of offers) {
    if (offer.slot) bySlot[offer.slot] = offer;
    else withoutSlot.push(offer);
  }
  if (withoutSlot.length === OFFER_SLOTS.length && withoutSlot.length === offers.length) {
    OFFER_SLOTS.forEach((slot, index) => (bySlot[slot] = withoutSlot[index]));
    return { bySlot, unplaced: [] };
  }
  return { bySlot, unplaced: withoutSlot };
}
