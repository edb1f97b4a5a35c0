import type { Grants, HeldUpstream } from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import type { PushSender } from '../push/index.js';

/** Where held changes are kept, and how approvers are told of a new one. */
export interface ChangesDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  /** Sends the approvers' web push (FCM, or the recording outbox in the emulators). */
  sender: PushSender;
  /**
   * Sends a held upstream call as the approving admin, with their own upstream token, through
   * the audited path; absent where no approver's call is at hand.
   */
  replay?: Replay | undefined;
}

/**
 * What sending a held upstream call came to: made, refused (by the upstream or the approver's
 * rights), or unknown (no answer in time: it may have been made).
 */
export type ReplayOutcome =
  | { kind: 'done'; status: number }
  | { kind: 'refused' | 'unknown'; status: number; message: string };

export type Replay = (held: HeldUpstream) => Promise<ReplayOutcome>;

/** The admin acting, with what their roles allow. */
export interface Actor {
  uid: string;
  email: string;
}

export interface ActingAdmin extends Actor {
  grants: Grants;
}

export type Outcome =
  { ok: true; payload: unknown } | { ok: false; status: number; message: string };
