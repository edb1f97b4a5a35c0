import * as z from 'zod/mini';
import {
  type Capabilities,
  paths,
  sessionUserSchema,
  type SessionUser,
} from '../../contracts/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import type { GetMe, MeOutcome } from './login-exchange.js';
import { bearerToken, tokenHash } from './upstream-token.js';

/**
 * Who the holder of an upstream bearer token is, however the upstream can say it. The original
 * API names no current-user call: with one configured (`/me` in the envelope by default, or a
 * bare `/user` as Laravel's default route), it is asked; without one, the user named by the
 * sign-in reply that issued the token is used, once an admin-only read shows the token is still
 * an admin's. Either way the answer is an enveloped reply, as `adminOf` reads it.
 */

/** A read every admin may make and nobody else: its 401 or 403 refuses the token. */
export const ADMIN_PROBE_PATH = '/admin/fuel-price-types';

const signInSchema = z.object({ user: sessionUserSchema, at: z.number() });

export interface SignInStore {
  db: Db;
  now: Clock;
  logger: Logger;
}

/**
 * Remembers which user the upstream issued a token to. A failed write is logged, not fatal: the
 * sign-in stands, and only an upstream without a current-user call then asks to sign in again.
 */
export async function recordSignIn(token: string, user: SessionUser, store: SignInStore) {
  try {
    await store.db.update({ [paths.signIn(tokenHash(token))]: { user, at: store.now() } });
  } catch (error) {
    store.logger.error('Could not record a sign-in', {
      uid: String(user.id),
      error: String(error),
    });
  }
}

export interface CurrentUserDeps {
  capabilities: Pick<Capabilities, 'currentUser'>;
  /** A GET of an upstream path with this authorization, read as JSON. */
  getJson: (path: string, authorization: string) => Promise<MeOutcome>;
  signIns: Pick<SignInStore, 'db'>;
}

const enveloped = (user: unknown): MeOutcome => ({
  kind: 'json',
  status: 200,
  json: { metadata: { success: 1, message: '' }, payload: user },
});

/** The current-user lookup `adminOf` takes, for this upstream's capabilities. */
export function currentUserLookup(deps: CurrentUserDeps): GetMe {
  const call = deps.capabilities.currentUser;
  if (call !== null) {
    return async (authorization) => {
      const outcome = await deps.getJson(call.path, authorization);
      const bareSuccess =
        !call.envelope && outcome.kind === 'json' && outcome.status >= 200 && outcome.status < 300;
      return bareSuccess ? enveloped(outcome.json) : outcome;
    };
  }
  return async (authorization) => {
    const token = bearerToken(authorization);
    const record = signInSchema.safeParse(
      token === null ? null : await deps.signIns.db.get(paths.signIn(tokenHash(token))),
    );
    if (!record.success) return { kind: 'json', status: 401, json: null };
    const probe = await deps.getJson(ADMIN_PROBE_PATH, authorization);
    if (probe.kind === 'failed') return probe;
    if (probe.status < 200 || probe.status >= 300) {
      return { kind: 'json', status: probe.status, json: probe.json };
    }
    return enveloped(record.data.user);
  };
}
