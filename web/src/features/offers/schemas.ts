import type { ParseKeys } from 'i18next';
import * as z from 'zod/mini';
import { OFFER_SLOTS, type OfferSlot } from '@contracts/upstream/upstream';

/** Offer images are png, gif or jpeg. */
export const OFFER_IMAGE_TYPES = ['image/png', 'image/gif', 'image/jpeg'] as const;

/** One slot's new image; the message is a translation key. */
export const offerImageSchema = z
  .file()
  .check(z.mime([...OFFER_IMAGE_TYPES], { error: 'offers:VALIDATION.IMAGE_TYPE' }));

/** What one upload sends: any of the three slots, at least one. */
export const offerUploadSchema = z
  .object({
    first_image: z.optional(offerImageSchema),
    second_image: z.optional(offerImageSchema),
    third_image: z.optional(offerImageSchema),
  })
  .check(
    z.refine((upload) => OFFER_SLOTS.some((slot) => upload[slot] !== undefined), {
      error: 'offers:VALIDATION.NOTHING_CHOSEN',
    }),
  );
export type OfferUpload = z.infer<typeof offerUploadSchema>;

/**
 * The multipart body: each chosen slot under its own name (`first_image`, `second_image`,
 * `third_image`).
 */
export function offerFormData(upload: OfferUpload): FormData {
  const form = new FormData();
  for (const slot of OFFER_SLOTS) {
    const file = upload[slot];
    if (file) form.set(slot, file, file.name);
  }
  return form;
}

export const SLOT_LABEL_KEYS: Record<OfferSlot, ParseKeys<'offers'>> = {
  first_image: 'SLOTS.FIRST',
  second_image: 'SLOTS.SECOND',
  third_image: 'SLOTS.THIRD',
};
