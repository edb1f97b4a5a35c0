import * as z from 'zod/mini';
import { LIMITS } from './realtime.js';

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

/** changePolicy: which changes need a second admin, and how long a request waits. */
export const changePolicySchema = z.object({
  /** A push to every user, now or scheduled. */
  pushAll: z.boolean(),
  expiresAfterHours: z
    .int()
    .check(z.gte(REQUEST_EXPIRY_HOURS.min), z.lte(REQUEST_EXPIRY_HOURS.max)),
  /** Server time (ms) and the uid of the admin who last changed it. */
  updatedAt: z.int().check(z.nonnegative()),
  updatedBy: z.string().check(z.minLength(1), z.maxLength(LIMITS.id)),
});
export type ChangePolicy = z.infer<typeof changePolicySchema>;

/** What an admin sends to change the policy. */
export const changePolicyInputSchema = z.object({
  pushAll: z.boolean(),
  expiresAfterHours: changePolicySchema.shape.expiresAfterHours,
});
export type ChangePolicyInput = z.infer<typeof changePolicyInputSchema>;

/** The policy of a deployment that never set one: pushes to everyone are held. */
export const CHANGE_POLICY_DEFAULTS: ChangePolicyInput = { pushAll: true, expiresAfterHours: 48 };

/** The policy a stored value stands for: the defaults while none (or no valid one) is stored. */
export function policyOf(stored: unknown): ChangePolicyInput {
  const parsed = changePolicySchema.safeParse(stored);
  return parsed.success
    ? { pushAll: parsed.data.pushAll, expiresAfterHours: parsed.data.expiresAfterHours }
    : CHANGE_POLICY_DEFAULTS;
}

/** Why a change was held: the policy switch that holds it. */
export const HOLD_REASONS = ['pushAll'] as const;
export const holdReasonSchema = z.enum(HOLD_REASONS);
export type HoldReason = z.infer<typeof holdReasonSchema>;

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
  kind: z.literal('push'),
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
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

const alertText = {
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertTitle)),
  description: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.alertDescription)),
  /** Image URL shown with the push, '' for none. */
  image: z.string().check(z.maxLength(LIMITS.url)),
};

/**
 * heldChanges/{id}: what approving would do. A push to everyone: its texts and, for a send
 * later, when (UTC ms).
 */
export const heldChangeSchema = z.object({
  kind: z.literal('push'),
  ...alertText,
  sendAt: z.optional(ms),
});
export type HeldChange = z.infer<typeof heldChangeSchema>;

/** What an admin sends to ask for a held change: the push to everyone they composed. */
export const changeRequestInputSchema = heldChangeSchema;
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
