import * as z from 'zod/mini';

/**
 * Shapes and paths of the Realtime Database (docs/product.md, "Realtime database"). database.rules.json
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
  /** Every admin's own entry, the `admin` entry's shape: `{uid}: AdminEntry`. */
  admins: () => 'admins',
  adminEntry: (uid: string) => `admins/${uid}`,
  /** One admin's roles (contracts/admins/roles.ts); the functions write it, the rules read it. */
  adminRoles: (uid: string) => `adminRoles/${uid}`,
  allAdminRoles: () => 'adminRoles',
  /** Whether roles are in use, and the roles of an admin seen for the first time. */
  roleSettings: () => 'roleSettings',
  /** The record of one admin session, which the rules require beside the admin claim. */
  adminSession: (uid: string, sessionId: string) => `adminSessions/${uid}/${sessionId}`,
  /** Every session of one admin: none live means no browser of theirs is signed in. */
  adminSessions: (uid: string) => `adminSessions/${uid}`,
  /** Every admin's sessions, for the sweep and the sessions opened with one upstream token. */
  allAdminSessions: () => 'adminSessions',
  /**
   * Who signed in with an upstream token (its SHA-256, base64url): the user the sign-in reply
   * named, for an upstream with no current-user call. Functions only.
   */
  signIn: (tokenHash: string) => `signIns/${tokenHash}`,
  signIns: () => 'signIns',
  /**
   * An upstream token (its SHA-256, base64url) an admin ended on every browser: `{uid, at}`. The
   * session exchange and proxied changes refuse it. Functions only.
   */
  refusedToken: (tokenHash: string) => `refusedTokens/${tokenHash}`,
  refusedTokens: () => 'refusedTokens',
  /** When the admin last sent a test push (ms), to hold them to one per interval. Functions only. */
  testPushSent: (uid: string) => `testPushes/${uid}`,
  user: (userId: string) => `users/${userId}`,
  deviceTokens: (userId: string) => `deviceTokens/${userId}`,
  groupMembers: (groupId: string) => `groups/${groupId}/members`,
  groupChat: (groupId: string) => `groups/${groupId}/groupChat`,
  alerts: () => 'notificationsAlert',
  alertDelivery: (alertId: string) => `notificationsAlert/${alertId}/delivery`,
  /** Which chat messages name an upload id: `{uploadId}/{groupId}/{messageId}: true`. */
  chatUploads: (uploadId: string) => `chatUploads/${uploadId}`,
  /** The upstream path of an upload, as the first message naming it gave it. */
  chatUploadPath: (uploadId: string) => `chatUploadPaths/${uploadId}`,
  /**
   * Who is sending a push and how far it got, so a redelivered trigger event sends nothing
   * twice: `alert/{alertId}` or `chat/{groupId}/{messageId}`. Functions only.
   */
  pushClaim: (kind: 'alert' | 'chat' | 'alertChunks', id: string) => `pushClaims/${kind}/${id}`,
  /** How many chat messages a group holds, kept by the functions; admins read it. */
  groupChatCount: (groupId: string) => `groupChatCounts/${groupId}`,
  /** Every count mark of a group's messages: `{messageId}/{created|deleted}`. Functions only. */
  chatCountMarks: (groupId: string) => `chatCountMarks/${groupId}`,
  /** Whether a message's creation or deletion is in the count yet. Functions only. */
  chatCountMark: (groupId: string, messageId: string, change: 'created' | 'deleted') =>
    `chatCountMarks/${groupId}/${messageId}/${change}`,
  /** Who changed what, written by the functions only (contracts/admins/audit.ts); admins read it. */
  auditLog: () => 'auditLog',
  /** A group's saved prices of one fuel price type, by day (`YYYY-MM-DD`). Functions only. */
  priceHistory: (groupId: string, typeId: string) => `priceHistory/${groupId}/${typeId}`,
  /** The admins who have the price desk of a day open: `{uid}: DeskPresence`. */
  deskPresence: (day: string) => `deskPresence/${day}`,
  /** One admin's presence on a day's desk; only that admin writes it. */
  deskPresenceEntry: (day: string, uid: string) => `deskPresence/${day}/${uid}`,
  /** When the user mirror last synced the whole user list, and what it held then. */
  mirrorSync: () => 'mirrorSync',
  /** How many alerts the history holds, kept by the functions; admins read it. */
  alertCount: () => 'notificationsAlertCount',
  /** Every alert's count marks, `{alertId}/{created|deleted}`. Functions only. */
  alertCountMarks: () => 'notificationsAlertCountMarks',
  /** Whether an alert's creation or deletion is in the count yet. Functions only. */
  alertCountMark: (alertId: string, change: 'created' | 'deleted') =>
    `notificationsAlertCountMarks/${alertId}/${change}`,
  /** Emulator only: what the recording push sender would have sent to FCM. */
  outbox: () => 'outbox',
  /** Emulator only: one entry per sendEach call of the counting push sender. */
  pushCounts: () => 'pushCounts',
} as const;

const id = z.string().check(z.minLength(1), z.maxLength(LIMITS.id));

export const CHAT_MESSAGE_TYPES = ['message', 'file', 'image', 'video'] as const;
export const chatMessageTypeSchema = z.enum(CHAT_MESSAGE_TYPES);
export type ChatMessageType = z.infer<typeof chatMessageTypeSchema>;

/**
 * A group chat message at groups/{groupId}/groupChat/{messageID}: exactly the fields the mobile
 * apps write. Fields that do not apply to a type hold ''. `receiverUID` is the group id;
 * `deleteAbleId` and `thumbnailID` are the upstream upload ids of the file and its cover.
 */
export const chatMessageSchema = z
  .object({
    senderUID: id,
    receiverUID: id,
    message: z.string().check(z.maxLength(LIMITS.chatMessage)),
    url: z.string().check(z.maxLength(LIMITS.url)),
    type: chatMessageTypeSchema,
    thumbnail: z.string().check(z.maxLength(LIMITS.url)),
    filetype: z.string().check(z.maxLength(LIMITS.fileType)),
    filename: z.string().check(z.maxLength(LIMITS.fileName)),
    userType: z.enum(['admin', 'user']),
    messageID: id,
    senderUserName: z.string().check(z.maxLength(LIMITS.name)),
    deleteAbleId: z.string().check(z.maxLength(LIMITS.id)),
    thumbnailID: z.string().check(z.maxLength(LIMITS.id)),
    timeStamp: z.int().check(z.nonnegative()),
  })
  .check(
    z.refine((m) => m.type === 'message' || m.url !== '', {
      error: 'A file, image or video message needs its url',
      path: ['url'],
    }),
  );
export type ChatMessage = z.infer<typeof chatMessageSchema>;

const tally = z.int().check(z.nonnegative());

/**
 * notificationsAlert/{id}/delivery, written by the functions once the push is done. The details
 * after `error` came later: a record written before them has only sent, failed and at.
 */
export const deliverySchema = z.object({
  sent: tally,
  failed: tally,
  /** ms since epoch */
  at: z.number(),
  /** FCM's reason when it refused the message itself (no device accepted it). */
  error: z.optional(z.string()),
  /** Distinct device tokens the push was addressed to: sent + failed. */
  devices: z.optional(tally),
  /** Of the failed, those worth another try (FCM busy, over quota, an internal error). */
  transient: z.optional(tally),
  /** Of the failed, the tokens FCM called dead. */
  permanent: z.optional(tally),
  /** Dead tokens removed from the device mirror. */
  pruned: z.optional(tally),
  /** A send to a group: which one, and its name when it was sent. */
  group: z.optional(z.object({ id: z.string(), name: z.string() })),
});
export type Delivery = z.infer<typeof deliverySchema>;

const alertBase = {
  notificationId: id,
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertTitle)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertDescription)),
  /** Image URL shown with the push, '' for none. */
  image: z.string().check(z.maxLength(LIMITS.url)),
  /** Who it is addressed to, for the history: a user's name, a group's name, or 'All Users'. */
  userName: z.string().check(z.maxLength(LIMITS.name)),
  timeStamp: z.int().check(z.nonnegative()),
  delivery: z.optional(deliverySchema),
};

/** notificationsAlert/{id}: creating one makes the functions push it to its target's devices. */
export const alertSchema = z.discriminatedUnion('target', [
  z.object({ ...alertBase, target: z.literal('user'), userId: id }),
  z.object({ ...alertBase, target: z.literal('all') }),
  z.object({ ...alertBase, target: z.literal('group'), groupId: id }),
]);
export type Alert = z.infer<typeof alertSchema>;
export type AlertTarget = Alert['target'];

/**
 * The `admin` entry (the last admin to sign in) and each admin's own `admins/{uid}`: the admin
 * and the web device that receives chat pushes.
 */
export const adminEntrySchema = z.object({
  id: id,
  name: z.string().check(z.maxLength(LIMITS.name)),
  email: z.string().check(z.maxLength(LIMITS.name)),
  image: z.string().check(z.maxLength(LIMITS.url)),
  /** FCM token of the admin's browser, '' when push is unavailable. */
  deviceToken: z.string().check(z.maxLength(LIMITS.url)),
  lastLogin: z.int().check(z.nonnegative()),
});
export type AdminEntry = z.infer<typeof adminEntrySchema>;

/**
 * adminSessions/{uid}/{sessionId}: written by the `api` function when it mints an admin's custom
 * token (claim `session: sessionId`), extended when the browser renews it with the admin role
 * re-checked, removed at sign-out, on a refusal of the role, or by the sweep once expired. The
 * rules grant admins only while `expiresAt` is ahead of the server's clock. No client reads or
 * writes it.
 */
export const adminSessionSchema = z.object({
  /** When the session was opened, in ms. */
  at: z.int().check(z.nonnegative()),
  /** When it lapses unless renewed, in ms. */
  expiresAt: z.int().check(z.nonnegative()),
  /** The upstream token it was opened with (SHA-256, base64url): never the token itself. */
  tokenHash: z.string().check(z.minLength(1), z.maxLength(64)),
  /**
   * Who the upstream said the admin was when the session opened: the audit trail names them by
   * this e-mail, and the price desk shows them under this name (`adminDisplayName`). Absent
   * from records opened before they were kept.
   */
  email: z.optional(z.string().check(z.maxLength(LIMITS.name))),
  name: z.optional(z.string().check(z.minLength(1), z.maxLength(LIMITS.name))),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** The name an admin goes by on shared screens: the upstream's name, else the e-mail. */
export function adminDisplayName(user: { name: string; email: string }): string {
  return (user.name.trim() || user.email).slice(0, LIMITS.name);
}

/** refusedTokens/{tokenHash}: an upstream token ended on every browser, and when. */
export const refusedTokenSchema = z.object({
  uid: z.string().check(z.minLength(1)),
  at: z.int().check(z.nonnegative()),
});

/** users/{userId}: the mirror of an upstream user, written by the functions only. */
export const userMirrorSchema = z.object({
  userId: id,
  name: z.string().check(z.maxLength(LIMITS.name)),
  image: z.string().check(z.maxLength(LIMITS.url)),
  lastUpdate: z.int().check(z.nonnegative()),
});
export type UserMirror = z.infer<typeof userMirrorSchema>;

/**
 * A user keeps at most this many devices, one per slot: deviceTokens/{userId}/{0..9}. The rules
 * cannot count children, but they can name them, so a bounded set of keys bounds the list.
 */
export const DEVICE_SLOTS = 10;
export const deviceSlots: readonly string[] = Array.from({ length: DEVICE_SLOTS }, (_, slot) =>
  String(slot),
);

/** What an FCM registration token is made of, and how long it may be. */
export const FCM_TOKEN_PATTERN = /^[A-Za-z0-9_:-]{1,512}$/;
export const fcmTokenSchema = z.string().check(z.regex(FCM_TOKEN_PATTERN));

/** deviceTokens/{userId}/{slot}: never readable by a client but for its `updatedAt`. */
export const deviceTokenEntrySchema = z.object({
  token: fcmTokenSchema,
  updatedAt: z.int().check(z.nonnegative()),
});
export type DeviceTokenEntry = z.infer<typeof deviceTokenEntrySchema>;

const count = z.int().check(z.nonnegative());

/**
 * pushClaims/{kind}/{id}: one push's claim. `sending` while an invocation (`by`, claimed at `at`
 * in ms) sends it, with what is done so far: the audience's first `pages` pages and their counts;
 * `done` once every device has been tried. An alert to everyone is sent in chunks, each with its
 * claim at `alertChunks/{alertId}/{index}`. No client reads or writes any of them.
 */
export const pushClaimSchema = z.object({
  state: z.enum(['sending', 'done']),
  at: z.number(),
  by: z.string(),
  pages: count,
  sent: count,
  failed: count,
  /** Of the failed, those FCM called dead; absent in claims written before it was counted. */
  permanent: z.optional(count),
  pruned: count,
  /** FCM's reason when it refused the message itself. */
  error: z.optional(z.string()),
  /** A chunk of an alert to everyone: the user key the next chunk starts after, if any. */
  next: z.optional(z.string()),
});
export type PushClaim = z.infer<typeof pushClaimSchema>;

/**
 * groupChatCounts/{groupId}: how many messages the group's chat holds. A message deleted before
 * its creation was counted takes the count below the truth until it is, so readers treat a
 * negative value as unknown.
 */
export const groupChatCountSchema = z.int();

/**
 * chatCountMarks/{groupId}/{messageId}/{created|deleted}: `true` once that change is in the
 * count; while an invocation (`by`, since `at` in ms) is counting it, its claim.
 */
export const chatCountMarkSchema = z.union([
  z.literal(true),
  z.object({ by: z.string(), at: z.number() }),
]);
export type ChatCountMark = z.infer<typeof chatCountMarkSchema>;

/**
 * notificationsAlertCount: how many alerts the history holds. Like a group's chat count, it is
 * below the truth for a moment when a deletion is counted before its creation.
 */
export const alertCountSchema = z.int();

/** outbox/{id} (emulator only): one FCM message the recording sender captured. */
export const outboxEntrySchema = z.object({
  token: z.string(),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    image: z.optional(z.string()),
  }),
  data: z.optional(z.record(z.string(), z.string())),
  at: z.number(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/**
 * pushCounts/{id} (emulator only): one sendEach call the counting sender took instead of FCM,
 * with how many messages it held and the RSS in bytes of the process that made it.
 */
export const pushCountSchema = z.object({ tokens: count, rss: count });
export type PushCount = z.infer<typeof pushCountSchema>;

const price = z.number().check(z.nonnegative());

/**
 * priceHistory/{groupId}/{typeId}/{YYYY-MM-DD}: the prices the product has seen for that day and
 * when (server time): left by a save through the `api` function with the admin who saved it
 * (`by`), or by a read of the day's prices without one. The price desk's previous day, 30-day
 * chart and live rows, whatever the upstream answers for past dates. Admins read it.
 */
export const priceDaySchema = z.object({
  regular: price,
  premium: price,
  diesel: price,
  renew_99: price,
  b_20: price,
  at: z.int().check(z.nonnegative()),
  /** Who saved it; absent for a day kept from a read. */
  by: z.optional(id),
});
export type PriceDay = z.infer<typeof priceDaySchema>;

/** A desk row's key: `{groupId}:{typeId}`. */
export const DESK_ROW_KEY = /^[0-9]{1,12}:[0-9]{1,12}$/;

/**
 * deskPresence/{YYYY-MM-DD}/{uid}: an admin with that day's price desk open, under the name the
 * others see, the row holding their focused cell (absent while no cell has the focus) and when
 * they last moved (server time). Removed when they leave the desk or lose the connection.
 */
export const deskPresenceSchema = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(LIMITS.name)),
  row: z.optional(z.string().check(z.regex(DESK_ROW_KEY))),
  updatedAt: z.int().check(z.nonnegative()),
});
export type DeskPresence = z.infer<typeof deskPresenceSchema>;

/**
 * mirrorSync: the last time the user mirror synced the upstream's whole user list, and how many
 * users and device tokens the mirror held once it had. Functions only; admins read it.
 */
export const mirrorSyncSchema = z.object({
  completedAt: z.int().check(z.nonnegative()),
  users: z.int().check(z.nonnegative()),
  devices: z.int().check(z.nonnegative()),
});
export type MirrorSync = z.infer<typeof mirrorSyncSchema>;
