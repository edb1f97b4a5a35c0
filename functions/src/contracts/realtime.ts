/**
 * Paths of the Realtime Database (docs/product.md, "Realtime database") and the limits
 * database.rules.json enforces. The shapes at those paths live by subject: chat/, push/,
 * mirror/, admins/admin-sessions.ts, prices/price-desk.ts; the rules validate the same shapes.
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
  /** One admin's roles (contracts/admins/role-records.ts); the functions write it, the rules read it. */
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
