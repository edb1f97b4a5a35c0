import * as z from 'zod/mini';
import { firebaseUnavailableSchema } from '../api-replies.js';
import { upstreamDay, upstreamInt, upstreamNumber, upstreamTime } from './upstream-values.js';

/**
 * Shapes of the upstream REST API's payloads (docs/upstream.md). Ids are numbers, whether they
 * arrive as numbers or as numeric text; times are ISO 8601 in UTC; fields not named are ignored.
 */

export const fileRefSchema = z.object({ original_url: z.string() });
export type FileRef = z.infer<typeof fileRefSchema>;

export const userSchema = z.object({
  id: upstreamInt,
  name: z.string(),
  email: z.optional(z.string()),
  image: z.optional(z.nullable(fileRefSchema)),
  device_ids: z._default(z.array(z.string()), []),
  created_at: z.optional(upstreamTime),
});
export type User = z.infer<typeof userSchema>;

/** The signed-in user: `role` is a list and only its first element counts. */
export const sessionUserSchema = z.extend(userSchema, {
  email: z.string(),
  username: z.optional(z.string()),
  role: z.array(z.string()).check(z.minLength(1)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginPayloadSchema = z.object({
  user: sessionUserSchema,
  token: z.string().check(z.minLength(1)),
  /** Added by the `api` function for admins: a Firebase custom token… */
  firebaseToken: z.optional(z.string()),
  /** …or, when none could be minted, why (the admin is signed in without it). */
  firebaseUnavailable: z.optional(firebaseUnavailableSchema),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export const reportSchema = z.object({
  id: upstreamInt,
  user_id: upstreamInt,
  title: z.string(),
  description: z.string(),
  /** The invoice's link, which is optional: none arrives as null (or '') and reads as null. */
  url: z.pipe(
    z.nullable(z.string()),
    z.transform((url) => url || null),
  ),
});
export type Report = z.infer<typeof reportSchema>;

export const complaintStatusSchema = z.pipe(
  upstreamInt,
  z.union([z.literal(1), z.literal(2), z.literal(3)]),
);
export type ComplaintStatus = z.infer<typeof complaintStatusSchema>;
export const COMPLAINT_STATUS = { pending: 1, approved: 2, rejected: 3 } as const;
/** How the audit trail names a status. */
export const COMPLAINT_STATUS_NAMES: Readonly<Record<ComplaintStatus, string>> = {
  1: 'Pending',
  2: 'Approved',
  3: 'Rejected',
};

export const complainerSchema = z.object({
  id: upstreamInt,
  name: z.string(),
  device_ids: z._default(z.array(z.string()), []),
});
export type Complainer = z.infer<typeof complainerSchema>;

export const complaintSchema = z.object({
  id: upstreamInt,
  title: z.string(),
  description: z.string(),
  /** Null once the complainer's account has been deleted (the complaint outlives it). */
  user: z.nullable(complainerSchema),
  created_at: upstreamTime,
  status: complaintStatusSchema,
  admin_response: z.nullable(z.string()),
});
export type Complaint = z.infer<typeof complaintSchema>;

export const announcementSchema = z.object({
  id: upstreamInt,
  title: z.string(),
  description: z.string(),
  image: z.nullable(fileRefSchema),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const groupSchema = z.object({
  id: upstreamInt,
  name: z.string(),
  image: z.nullable(fileRefSchema),
  users: z.array(userSchema),
  /** Creation time in ms. */
  timestamp: upstreamNumber,
});
export type Group = z.infer<typeof groupSchema>;

/**
 * The reply to a chat upload: only the id and the stored file's address are promised. The
 * file's name, type and size are the ones the admin chose.
 */
export const chatUploadSchema = z.object({
  id: upstreamInt,
  file: fileRefSchema,
});
export type ChatUpload = z.infer<typeof chatUploadSchema>;

export const OFFER_SLOTS = ['first_image', 'second_image', 'third_image'] as const;
export const offerSlotSchema = z.enum(OFFER_SLOTS);
export type OfferSlot = z.infer<typeof offerSlotSchema>;
/** An offer image. The original API promises the image only; `slot`, when sent, says where. */
export const offerSchema = z.object({
  id: upstreamInt,
  slot: z.optional(offerSlotSchema),
  image: fileRefSchema,
});
export type Offer = z.infer<typeof offerSchema>;

export const fuelPriceTypeSchema = z.object({ id: upstreamInt, name: z.string() });
export type FuelPriceType = z.infer<typeof fuelPriceTypeSchema>;

export const FUEL_PRICE_FIELDS = ['regular', 'premium', 'diesel', 'renew_99', 'b_20'] as const;
export const fuelPriceSchema = z.object({
  regular: upstreamNumber,
  premium: upstreamNumber,
  diesel: upstreamNumber,
  renew_99: upstreamNumber,
  b_20: upstreamNumber,
  date: upstreamDay,
});
export type FuelPrice = z.infer<typeof fuelPriceSchema>;
