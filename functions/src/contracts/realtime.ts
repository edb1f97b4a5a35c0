import { z } from 'zod';

/**
 * Shapes and paths of the Realtime Database (DESIGN.md section 2). database.rules.json
 * validates the same shapes; the limits below are the ones the rules enforce.
 */
export const LIMITS = {
  id: 128,
  name: 200,
  url: 2048,
  chatMessage: 5000,
  alertTitle: 100,
  alertDescription: 1000,
  fileName: 255,
  fileType: 100,
} as const;

export const paths = {
  admin: () => 'admin',
  user: (userId: string) => `users/${userId}`,
  deviceTokens: (userId: string) => `deviceTokens/${userId}`,
  groupMembers: (groupId: string) => `groups/${groupId}/members`,
  groupChat: (groupId: string) => `groups/${groupId}/groupChat`,
  alerts: () => 'notificationsAlert',
  alertDelivery: (alertId: string) => `notificationsAlert/${alertId}/delivery`,
  /** Emulator only: what the recording push sender would have sent to FCM. */
  outbox: () => 'outbox',
} as const;

const id = z.string().min(1).max(LIMITS.id);

export const CHAT_MESSAGE_TYPES = ['message', 'file', 'image', 'video'] as const;
export const chatMessageTypeSchema = z.enum(CHAT_MESSAGE_TYPES);
export type ChatMessageType = z.infer<typeof chatMessageTypeSchema>;

/**
 * A group chat message at groups/{groupId}/groupChat/{messageID}: exactly the fields of SPEC
 * section 3. Fields that do not apply to a type hold ''. `receiverUID` is the group id;
 * `deleteAbleId` and `thumbnailID` are the upstream upload ids of the file and its cover.
 */
export const chatMessageSchema = z
  .object({
    senderUID: id,
    receiverUID: id,
    message: z.string().max(LIMITS.chatMessage),
    url: z.string().max(LIMITS.url),
    type: chatMessageTypeSchema,
    thumbnail: z.string().max(LIMITS.url),
    filetype: z.string().max(LIMITS.fileType),
    filename: z.string().max(LIMITS.fileName),
    userType: z.enum(['admin', 'user']),
    messageID: id,
    senderUserName: z.string().max(LIMITS.name),
    deleteAbleId: z.string().max(LIMITS.id),
    thumbnailID: z.string().max(LIMITS.id),
    timeStamp: z.number().int().nonnegative(),
  })
  .refine((m) => m.type === 'message' || m.url !== '', {
    message: 'A file, image or video message needs its url',
    path: ['url'],
  });
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const deliverySchema = z.object({
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** ms since epoch */
  at: z.number(),
});
export type Delivery = z.infer<typeof deliverySchema>;

const alertBase = {
  notificationId: id,
  title: z.string().trim().min(1).max(LIMITS.alertTitle),
  description: z.string().trim().min(1).max(LIMITS.alertDescription),
  /** Image URL shown with the push, '' for none. */
  image: z.string().max(LIMITS.url),
  /** Who it is addressed to, for the history: a user's name, a group's name, or 'All Users'. */
  userName: z.string().max(LIMITS.name),
  timeStamp: z.number().int().nonnegative(),
  delivery: deliverySchema.optional(),
};

/** notificationsAlert/{id}: creating one makes the functions push it to its target's devices. */
export const alertSchema = z.discriminatedUnion('target', [
  z.object({ ...alertBase, target: z.literal('user'), userId: id }),
  z.object({ ...alertBase, target: z.literal('all') }),
  z.object({ ...alertBase, target: z.literal('group'), groupId: id }),
]);
export type Alert = z.infer<typeof alertSchema>;
export type AlertTarget = Alert['target'];

/** The `admin` entry: the signed-in admin and the web device that receives chat pushes. */
export const adminEntrySchema = z.object({
  id: id,
  name: z.string().max(LIMITS.name),
  email: z.string().max(LIMITS.name),
  image: z.string().max(LIMITS.url),
  /** FCM token of the admin's browser, '' when push is unavailable. */
  deviceToken: z.string().max(LIMITS.url),
  lastLogin: z.number().int().nonnegative(),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

/** users/{userId}: the mirror of an upstream user, written by the functions only. */
export const userMirrorSchema = z.object({
  userId: id,
  name: z.string().max(LIMITS.name),
  image: z.string().max(LIMITS.url),
  lastUpdate: z.number().int().nonnegative(),
});
export type UserMirror = z.infer<typeof userMirrorSchema>;

/** deviceTokens/{userId}/{key}: never readable by a client. */
export const deviceTokenEntrySchema = z.object({
  token: z.string().min(1).max(LIMITS.url),
  updatedAt: z.number().int().nonnegative(),
});
export type DeviceTokenEntry = z.infer<typeof deviceTokenEntrySchema>;

/**
 * The `{key}` of deviceTokens/{userId}/{key}: SHA-256 of the token's UTF-8 bytes, in base64url
 * without padding (43 characters of A-Z a-z 0-9 - _). The same token always lands on the same
 * key, so the functions and app users writing their own tokens never duplicate one, and FCM
 * pruning removes exactly the token it names. Any platform can compute it (Web Crypto here).
 */
export async function deviceTokenKey(token: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  let binary = '';
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** outbox/{id} (emulator only): one FCM message the recording sender captured. */
export const outboxEntrySchema = z.object({
  token: z.string(),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    image: z.string().optional(),
  }),
  data: z.record(z.string(), z.string()).optional(),
  at: z.number(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
