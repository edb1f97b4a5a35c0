import { z } from 'zod';
import { adminSessionSchema, paths } from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import { failureReply, MESSAGES, type ProxyReply } from '../upstream/index.js';
import type { VerifiedIdToken } from './sign-out.js';
import { tokenHash } from './upstream-token.js';

export interface SessionProofDeps {
  db: Db;
  now: Clock;
  /** Rejects an ID token that is malformed, expired or not from this project. */
  verifyIdToken: (idToken: string) => Promise<VerifiedIdToken>;
  logger: Logger;
}

const sessionClaimsSchema = z.object({ role: z.literal('admin'), session: z.string().min(1) });

/**
 * The admin of a change, from the Firebase ID token sent with it: the session it names, when
 * that session is live and was opened with this very upstream token, named as the functions
 * recorded it when it opened. Null when the token proves no such session (it does not verify, or
 * the session lapsed, ended or predates recorded e-mails): the caller then asks the upstream, as
 * for a change sent without one. A live session opened with another upstream token is refused
 * (403): the two credentials are not one admin's sign-in.
 */
export async function adminOfSessionProof(
  idToken: string,
  upstreamToken: string,
  deps: SessionProofDeps,
): Promise<{ uid: string; email: string } | { reply: ProxyReply } | null> {
  let verified: VerifiedIdToken;
  try {
    verified = await deps.verifyIdToken(idToken);
  } catch (error) {
    deps.logger.info('A change came with an ID token that does not verify', {
      error: String(error),
    });
    return null;
  }
  const claims = sessionClaimsSchema.safeParse(verified.claims);
  if (!claims.success) return null;
  const record = adminSessionSchema.safeParse(
    await deps.db.get(paths.adminSession(verified.uid, claims.data.session)),
  );
  if (!record.success || record.data.expiresAt <= deps.now()) return null;
  if (record.data.tokenHash !== tokenHash(upstreamToken)) {
    deps.logger.warn('A change came with the session of another upstream token', {
      uid: verified.uid,
    });
    return { reply: failureReply(403, MESSAGES.notThisSession) };
  }
  if (record.data.email === undefined) return null;
  return { uid: verified.uid, email: record.data.email };
}
