import { z } from 'zod';

/** Shapes of the upstream REST API's payloads (SPEC sections 3 and 7). Ids are numbers. */

export const fileRefSchema = z.object({ original_url: z.string() });
export type FileRef = z.infer<typeof fileRefSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().optional(),
  image: fileRefSchema.nullable().optional(),
  device_ids: z.array(z.string()).default([]),
  created_at: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user: `role` is a list and only its first element counts (SPEC section 3). */
export const sessionUserSchema = userSchema.extend({
  email: z.string(),
  username: z.string().optional(),
  role: z.array(z.string()).min(1),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginPayloadSchema = z.object({
  user: sessionUserSchema,
  token: z.string().min(1),
  /** Added by the `api` function for admins: a Firebase custom token. */
  firebaseToken: z.string().optional(),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

export const complaintStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;
export const COMPLAINT_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;

export const complaintSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  user: z.object({
    id: z.number().int(),
    name: z.string(),
    device_ids: z.array(z.string()).default([]),
  }),
  created_at: z.string(),
  status: complaintStatusSchema,
  admin_response: z.string().nullable(),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: fileRefSchema.nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  image: fileRefSchema.nullable(),
  users: z.array(userSchema),
  /** Creation time in ms. */
  timestamp: z.number(),
});
export type Group = z.infer<typeof groupSchema>;

export const chatUploadSchema = z.object({
  id: z.number().int(),
  file: fileRefSchema.extend({
    name: z.string(),
    mime_type: z.string(),
    size: z.number().int(),
  }),
});
export type ChatUpload = z.infer<typeof chatUploadSchema>;

export const OFFER_SLOTS = ['first_image', 'second_image', 'third_image'] as const;
export const offerSlotSchema = z.enum(OFFER_SLOTS);
export type OfferSlot = z.infer<typeof offerSlotSchema>;
export const offerSchema = z.object({
  id: z.number().int(),
  slot: offerSlotSchema,
  image: fileRefSchema,
});
export type Offer = z.infer<typeof offerSchema>;

export const fuelPriceTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type FuelPriceType = z.infer<typeof fuelPriceTypeSchema>;

export const FUEL_PRICE_FIELDS = ['regular', 'premium', 'diesel', 'renew_99', 'b_20'] as const;
export const fuelPriceSchema = z.object({
  regular: z.number(),
  premium: z.number(),
  diesel: z.number(),
  renew_99: z.number(),
  b_20: z.number(),
  /** YYYY-MM-DD */
  date: z.string(),
});
export type FuelPrice = z.infer<typeof fuelPriceSchema>;
