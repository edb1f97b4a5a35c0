import { defineBoolean, defineInt, defineSecret, defineString } from 'firebase-functions/params';
import { DEFAULT_SESSION_LIFETIME_MS } from './handlers/session/index.js';

/**
 * Deployment parameters (functions/.env.example). No value lives in code: locally the stack
 * writes them to a .env file; in a project, `functions/.env.<project-id>`.
 */
export const upstreamApiUrl = defineString('UPSTREAM_API_URL', {
  description: 'Base URL of the upstream REST API, e.g. https://api.example.com/api',
});

export const upstreamTimeoutSeconds = defineInt('UPSTREAM_TIMEOUT_SECONDS', {
  default: 30,
  description: 'How long the api function waits for the upstream to answer before a 504',
});

export const adminSessionSeconds = defineInt('ADMIN_SESSION_SECONDS', {
  default: DEFAULT_SESSION_LIFETIME_MS / 1000,
  description:
    'How long an admin session lasts without renewal: the browser renews it while the admin works, each time re-checking the admin role upstream; an idle or closed browser loses its database rights after this long',
});

export const pushChunkUsers = defineInt('PUSH_CHUNK_USERS', {
  default: 10_000,
  description:
    'Users per chunk of an alert to everyone (up to ten devices each): the alert trigger sends the first chunk, the pushAlertChunk task queue the rest',
});

// What the upstream offers beyond the original API's calls (contracts/upstream/capabilities.ts).
export const upstreamCurrentUserPath = defineString('UPSTREAM_CURRENT_USER_PATH', {
  default: '/me',
  description:
    'The upstream call that answers the signed-in user (e.g. /me, /user), or none: the user the sign-in named is used, checked with an admin-only read',
});

export const upstreamCurrentUserEnvelope = defineBoolean('UPSTREAM_CURRENT_USER_ENVELOPE', {
  default: true,
  description:
    'The current-user reply is in the {metadata, payload} envelope; false: the bare user',
});

export const upstreamRegistration = defineBoolean('UPSTREAM_REGISTRATION', {
  default: true,
  description: 'The upstream has POST /register: the registration screen is offered',
});

export const upstreamPasswordRequest = defineBoolean('UPSTREAM_PASSWORD_REQUEST', {
  default: true,
  description: 'The upstream has POST /password/email: the "forgot password" request is offered',
});

export const upstreamPriceDayParam = defineString('UPSTREAM_PRICE_DAY_PARAM', {
  default: 'date',
  description:
    'The query parameter that picks the day of a price read, or none: the upstream answers its latest prices only',
});

export const upstreamEmptyGroup = defineBoolean('UPSTREAM_EMPTY_GROUP', {
  default: true,
  description:
    'assign-users with no user_ids empties a group; false: a group keeps its last member',
});

export const upstreamFileOrigins = defineString('UPSTREAM_FILE_ORIGINS', {
  default: '',
  description:
    'Where the upstream keeps stored files: base URLs separated by commas (e.g. https://cdn.example.com/storage); empty: the API origin + /storage',
});

// A header the upstream may require of every call (handlers/upstream/upstream-secret.ts).
export const upstreamProxyHeader = defineString('UPSTREAM_PROXY_HEADER', {
  default: '',
  description:
    'A header the api function adds to every upstream call, with UPSTREAM_PROXY_SECRET as its value, so the upstream can refuse calls that skip the product; empty: none',
});

/**
 * In Secret Manager, and declared only while UPSTREAM_PROXY_HEADER names a header: the .env
 * files are in the environment when the code loads, at deploy as at run time, and a declared
 * secret is one every deploy insists on.
 */
export const upstreamProxySecret = process.env.UPSTREAM_PROXY_HEADER?.trim()
  ? defineSecret('UPSTREAM_PROXY_SECRET', {
      description:
        'The value of the UPSTREAM_PROXY_HEADER header on every upstream call, which the upstream checks',
    })
  : undefined;

export const ownerIds = defineString('OWNER_IDS', {
  default: '',
  description:
    'Upstream user ids of the owners, separated by commas: while any is named, each admin may do only what their roles allow, and owners give the roles; empty: every admin may do everything',
});
