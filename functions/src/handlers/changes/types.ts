import type { Grants } from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import type { PushSender } from '../push/index.js';

/** Where held changes are kept, and how approvers are told of a new one. */
export interface ChangesDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  /** Sends the approvers' web push (FCM, or the recording outbox in the emulators). */
  sender: PushSender;
}

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
