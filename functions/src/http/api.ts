import { onRequest } from 'firebase-functions/v2/https';
import {
  adminDb,
  createCustomToken,
  logger,
  pushSender,
  revokeRefreshTokens,
  verifyIdToken,
} from '../adapters/firebase.js';
import { randomSessionId } from '../handlers/session/index.js';
import { AUDIT_IDENTITY, createAdminIdentities } from '../handlers/audit/index.js';
import { createGrantsCache, grantsOfAdmin, parseOwnerIds } from '../handlers/roles/index.js';
import { PROXY_LIMITS, type ProxyDeps } from '../handlers/proxy/index.js';
import { capabilitiesFrom, parseFileBases } from '../contracts/index.js';
import {
  adminSessionSeconds,
  ownerIds,
  upstreamApiUrl,
  upstreamCurrentUserEnvelope,
  upstreamCurrentUserPath,
  upstreamEmptyGroup,
  upstreamFileOrigins,
  upstreamPasswordRequest,
  upstreamPriceDayParam,
  upstreamProxyHeader,
  upstreamProxySecret,
  upstreamRegistration,
  upstreamTimeoutSeconds,
} from '../params.js';
import { parseUpstreamUrl } from '../upstream-url.js';
import { parseUpstreamSecret, withUpstreamSecret } from '../handlers/upstream/index.js';
import { API_INSTANCE } from './api-instance.js';
import { serveProxy } from './serve.js';
import { createUpstreamClient } from './upstream-client.js';

/**
 * `/api/**` (the Hosting rewrite): the upstream REST API proxy with the admin login exchange,
 * the session token exchange and sign-out, the file proxy and the user mirror
 * (functions/README.md).
 * Two minutes leave room for a 32 MB upload on top of the upstream's own 30 s deadline.
 */
export const api = onRequest(
  {
    region: 'us-central1',
    timeoutSeconds: 120,
    ...API_INSTANCE,
    secrets: upstreamProxySecret ? [upstreamProxySecret] : [],
  },
  (req, res) => serveProxy(req, res, apiDeps()),
);

// One connection pool per instance, so calls reuse kept-alive upstream connections.
const upstreamClient = createUpstreamClient();
// Per instance too: an admin's changes in a row ask the upstream who they are once.
const identities = createAdminIdentities({ ...AUDIT_IDENTITY, now: Date.now });
// And their roles, read once per GRANTS_CACHE_MS.
const grants = createGrantsCache(Date.now);

function apiDeps(): ProxyDeps {
  const db = adminDb();
  const upstreamUrl = parseUpstreamUrl(upstreamApiUrl.value());
  const roles = { db, now: Date.now, owners: parseOwnerIds(ownerIds.value()) };
  return {
    upstreamUrl,
    fileBases: parseFileBases(upstreamFileOrigins.value(), upstreamUrl),
    capabilities: capabilitiesFrom({
      UPSTREAM_CURRENT_USER_PATH: upstreamCurrentUserPath.value(),
      UPSTREAM_CURRENT_USER_ENVELOPE: upstreamCurrentUserEnvelope.value(),
      UPSTREAM_REGISTRATION: upstreamRegistration.value(),
      UPSTREAM_PASSWORD_REQUEST: upstreamPasswordRequest.value(),
      UPSTREAM_PRICE_DAY_PARAM: upstreamPriceDayParam.value(),
      UPSTREAM_EMPTY_GROUP: upstreamEmptyGroup.value(),
    }),
    fetch: withUpstreamSecret(
      upstreamClient,
      parseUpstreamSecret(upstreamProxyHeader.value(), () => upstreamProxySecret?.value() ?? ''),
    ),
    timeoutMs: upstreamTimeoutSeconds.value() * 1000,
    maxBodyBytes: PROXY_LIMITS.maxBodyBytes,
    maxJsonReplyBytes: PROXY_LIMITS.maxJsonReplyBytes,
    logger,
    createCustomToken,
    sessions: {
      db,
      now: Date.now,
      newId: randomSessionId,
      lifetimeMs: adminSessionSeconds.value() * 1000,
    },
    verifyIdToken,
    revokeRefreshTokens,
    mirror: { db, now: Date.now },
    audit: { db, now: Date.now, logger, identities },
    priceHistory: { db, now: Date.now, logger },
    roles: { ...roles, grants: (uid) => grants(uid, () => grantsOfAdmin(uid, roles)) },
    testPush: { db, now: Date.now, sender: pushSender(db), logger },
    changes: { db, now: Date.now, sender: pushSender(db) },
    behindGoogleFrontEnd: true,
  };
}
