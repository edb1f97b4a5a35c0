import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { FUEL_PRICE_FIELDS } from '../upstream/upstream.js';
import { deadlineTimeSchema, PRICE_DEADLINE_DEFAULT } from '../prices/price-deadline.js';

/**
 * Changes held for a second admin (docs/product.md, "Approvals"). A policy says which changes
 * an admin cannot make alone; such a change becomes a request that another admin, one who may
 * approve, approves (the functions then make it) or rejects. Everything here is written by the
 * functions alone; the rules let admins read it, and read the policy to refuse a held change
 * written straight to the database.
 */

export const changePaths = {
  /** Which changes need a second admin (ChangePolicy). Absent: CHANGE_POLICY_DEFAULTS. */
  changePolicy: () => 'changePolicy',
  /** Every request, newest last: `{requestId}: ChangeRequest`. Admins read it. */
  changeRequests: () => 'changeRequests',
  changeRequest: (id: string) => `changeRequests/${id}`,
  /** What a held change would do (HeldChange): readable by the admins who may approve it. */
  heldChanges: () => 'heldChanges',
  heldChange: (id: string) => `heldChanges/${id}`,
} as const;

/**
 * The requests still waiting for a decision, as the shell's count asks the database for them:
 * by `status` (indexed in the rules, so the database sends these alone, not every request kept).
 */
export const PENDING_REQUESTS = { orderByChild: 'status', equalTo: 'pending' } as const;

/** `/api` + this path, PUT `ChangePolicyInput`: an owner (any admin before roles) sets the policy. */
export const CHANGE_POLICY_PATH = '/changes/policy';
/**
 * `/api` + this path, POST `ChangeRequestInput`: the admin asks for a held change; the reply's
 * payload is `{ id }`. 409 when the policy does not hold that change (make it directly).
 */
export const CHANGE_REQUESTS_PATH = '/changes';
/**
 * `/api` + this path, POST: a decision on a request (a rejection's body is `{ reason }`). 409
 * when it no longer waits for one; 403 for the requester's own approval.
 */
export const changeDecisionPath = (id: string, decision: Decision) =>
  `/changes/${encodeURIComponent(id)}/${decision}`;

/** How long a request waits for a decision at most, in hours. */
export const REQUEST_EXPIRY_HOURS = { min: 1, max: 720 } as const;

const expiresAfterHours = z
  .int()
  .check(z.gte(REQUEST_EXPIRY_HOURS.min), z.lte(REQUEST_EXPIRY_HOURS.max));

/**
 * changePolicy: which changes need a second admin, and how long a request waits. A switch a
 * stored policy lacks (one saved before the switch existed) has its default.
 */
export const changePolicySchema = z.object({
  /** A push to every user, now or scheduled. */
  pushAll: z.boolean(),
  /** A price save with a warning (out of range, or a jump from the previous day). */
  priceWarnings: z.optional(z.boolean()),
  /** Deleting a user. */
  userDelete: z.optional(z.boolean()),
  /** Deleting a group. */
  groupDelete: z.optional(z.boolean()),
  expiresAfterHours,
  /** By when (Los Angeles, the day before) a day's prices are due. */
  priceDeadline: z.optional(deadlineTimeSchema),
  /** Server time (ms) and the uid of the admin who last changed it. */
  updatedAt: z.int().check(z.nonnegative()),
  updatedBy: z.string().check(z.minLength(1), z.maxLength(LIMITS.id)),
});
export type ChangePolicy = z.infer<typeof changePolicySchema>;

/** The policy in effect: every switch, the expiry, and the daily price deadline. */
export const changePolicySettingsSchema = z.object({
  pushAll: z.boolean(),
  priceWarnings: z.boolean(),
  userDelete: z.boolean(),
  groupDelete: z.boolean(),
  expiresAfterHours,
  priceDeadline: deadlineTimeSchema,
});
export type ChangePolicySettings = z.infer<typeof changePolicySettingsSchema>;

/**
 * What an admin sends to change the policy: the expiry, and the switches and deadline to set;
 * one left out keeps its value.
 */
export const changePolicyInputSchema = z.object({
  pushAll: z.boolean(),
  priceWarnings: z.optional(z.boolean()),
  userDelete: z.optional(z.boolean()),
  groupDelete: z.optional(z.boolean()),
  expiresAfterHours,
  priceDeadline: z.optional(deadlineTimeSchema),
});
export type ChangePolicyInput = z.infer<typeof changePolicyInputSchema>;

/** The policy's switches: each one holds one kind of change for a second admin. */
export const HOLD_REASONS = ['pushAll', 'priceWarnings', 'userDelete', 'groupDelete'] as const;
export const holdReasonSchema = z.enum(HOLD_REASONS);
export type HoldReason = z.infer<typeof holdReasonSchema>;

/**
 * The policy of a deployment that never set one: pushes to everyone and price saves with a
 * warning are held; deletes are not.
 */
export const CHANGE_POLICY_DEFAULTS: ChangePolicySettings = {
  pushAll: true,
  priceWarnings: true,
  userDelete: false,
  groupDelete: false,
  expiresAfterHours: 48,
  priceDeadline: PRICE_DEADLINE_DEFAULT,
};

/** The policy a stored value stands for: the defaults while none (or no valid one) is stored. */
export function policyOf(stored: unknown): ChangePolicySettings {
  const parsed = changePolicySchema.safeParse(stored);
  if (!parsed.success) return CHANGE_POLICY_DEFAULTS;
  const set = parsed.data;
  const defaults = CHANGE_POLICY_DEFAULTS;
  return {
    pushAll: set.pushAll,
    priceWarnings: set.priceWarnings ?? defaults.priceWarnings,
    userDelete: set.userDelete ?? defaults.userDelete,
    groupDelete: set.groupDelete ?? defaults.groupDelete,
    expiresAfterHours: set.expiresAfterHours,
    priceDeadline: set.priceDeadline ?? defaults.priceDeadline,
  };
}

/**
 * A request's life: `pending` until an approver, the requester or the clock decides it.
 * `approving` while an approval is making the change (it ends `approved`, or `failed` when the
 * change was refused); `unknown` when an approval could not learn whether the change was made,
 * never retried on its own. `expired` once it waited longer than the policy allows.
 */
export const CHANGE_STATUSES = [
  'pending',
  'approving',
  'approved',
  'failed',
  'unknown',
  'rejected',
  'withdrawn',
  'expired',
] as const;
export const changeStatusSchema = z.enum(CHANGE_STATUSES);
export type ChangeStatus = z.infer<typeof changeStatusSchema>;

const uid = z.string().check(z.minLength(1), z.maxLength(LIMITS.id));
const ms = z.int().check(z.nonnegative());
const email = z.string().check(z.maxLength(LIMITS.name));

export const REJECTION_REASON_MAX = 500;
export const CHANGE_SUMMARY_MAX = 300;

/** changeRequests/{id}: one held change, as every admin may see it. */
export const changeRequestSchema = z.object({
  /** A push to everyone, or a call to the upstream API that the functions stored. */
  kind: z.enum(['push', 'upstream']),
  reason: holdReasonSchema,
  /** One line for the inbox and the audit trail, e.g. `Push "Storm warning" to everyone`. */
  summary: z.string().check(z.minLength(1), z.maxLength(CHANGE_SUMMARY_MAX)),
  requestedBy: uid,
  requesterEmail: email,
  requestedAt: ms,
  /** After this (ms) the request can no longer be approved. */
  expiresAt: ms,
  status: changeStatusSchema,
  /** A push: how many users and devices its audience held when it was requested. */
  audience: z.optional(z.object({ users: ms, devices: ms })),
  /** Who decided (approved, rejected, withdrew), and when; absent for one that expired. */
  decidedBy: z.optional(uid),
  deciderEmail: z.optional(email),
  decidedAt: z.optional(ms),
  /** The approver's or the requester's reason, for a rejection. */
  rejection: z.optional(z.string().check(z.minLength(1), z.maxLength(REJECTION_REASON_MAX))),
  /** Once approved: what the change made, e.g. the alert or the scheduled send written. */
  alertId: z.optional(uid),
  scheduledId: z.optional(uid),
  /** An approval that did not make the change: what the upstream answered, for the requester. */
  failure: z.optional(z.string().check(z.maxLength(REJECTION_REASON_MAX))),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

const alertText = {
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertTitle)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertDescription)),
  /** Image URL shown with the push, '' for none. */
  image: z.string().check(z.maxLength(LIMITS.url)),
};

/** A push to everyone: its texts and, for a send later, when (UTC ms). */
export const heldPushSchema = z.object({
  kind: z.literal('push'),
  ...alertText,
  sendAt: z.optional(ms),
});
export type HeldPush = z.infer<typeof heldPushSchema>;

/** A held body is a small JSON or form body: a held change never carries a file. */
export const HELD_BODY_MAX_BYTES = 64 * 1024;

const grade = z.enum(FUEL_PRICE_FIELDS);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Why a price save was held: a price out of range, or a jump from the previous day. */
export const heldWarningSchema = z.object({
  grade,
  kind: z.enum(['range', 'jump']),
  /** A jump: the previous day's price and the change's share of it (0.25 for +25 %). */
  previous: z.optional(z.number()),
  share: z.optional(z.number()),
});
export type HeldWarning = z.infer<typeof heldWarningSchema>;

/**
 * A held price save, cell by cell: the price sent and the one stored before it, read upstream
 * when the request was made (`before` absent: none stored, or `beforeRead` false: not read).
 */
export const heldPricesSchema = z.object({
  groupId: uid,
  typeId: uid,
  date: z.string().check(z.regex(DAY)),
  beforeRead: z.boolean(),
  cells: z.partialRecord(grade, z.object({ after: z.number(), before: z.optional(z.number()) })),
  warnings: z.array(heldWarningSchema),
});
export type HeldPrices = z.infer<typeof heldPricesSchema>;

/**
 * A call to the upstream API the `api` function held instead of sending: approving sends it as
 * it came, with the approver's own upstream token.
 */
export const heldUpstreamSchema = z.object({
  kind: z.literal('upstream'),
  /** The method the browser sent (a POST may carry the method it acts on in its body). */
  method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
  /** Below the API's base URL, with its query: `/admin/user/12`. */
  path: z.string().check(z.regex(/^\//), z.maxLength(LIMITS.url)),
  contentType: z.optional(z.string().check(z.maxLength(LIMITS.name))),
  /** The body as UTF-8 text. */
  body: z.optional(z.string().check(z.maxLength(HELD_BODY_MAX_BYTES))),
  prices: z.optional(heldPricesSchema),
  /** A revert: the key of the audit entry whose change it undoes. */
  revertOf: z.optional(uid),
});
export type HeldUpstream = z.infer<typeof heldUpstreamSchema>;

/** heldChanges/{id}: what approving would do. */
export const heldChangeSchema = z.discriminatedUnion('kind', [heldPushSchema, heldUpstreamSchema]);
export type HeldChange = z.infer<typeof heldChangeSchema>;

/**
 * The payload of a 202 from the `api` function: the change was not made but held for a second
 * admin, as request `id`.
 */
export const heldReplySchema = z.object({
  held: z.object({ id: uid, reason: holdReasonSchema }),
});
export type HeldReply = z.infer<typeof heldReplySchema>;

/** What an admin sends to ask for a held change: the push to everyone they composed. */
export const changeRequestInputSchema = heldPushSchema;
export type ChangeRequestInput = z.infer<typeof changeRequestInputSchema>;

/** What an admin does to a request: approve or reject it (an approver), withdraw it (its requester). */
export const DECISIONS = ['approve', 'reject', 'withdraw'] as const;
export type Decision = (typeof DECISIONS)[number];

/** The body of a rejection. */
export const rejectionInputSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(REJECTION_REASON_MAX)),
});

/** Whether a request still waits for a decision at `now`. */
export const isOpen = (request: Pick<ChangeRequest, 'status' | 'expiresAt'>, now: number) =>
  request.status === 'pending' && now < request.expiresAt;
