import type { IncomingHttpHeaders } from 'node:http';
import { isIPv4 } from 'node:net';
import {
  ADMIN_SESSION_HEADER,
  type AuditEntry,
  type Capabilities,
  type FileBases,
  type Grants,
  parseFileBases,
  upstreamFileUrl,
  succeededPayload,
  firebaseUnavailablePayloadSchema,
  loginPayloadSchema,
  writeSucceeded,
  type ReplyBody,
} from '../../contracts/index.js';
import {
  serveAudience,
  type AudienceDeps,
  serveTestPush,
  type TestPushDeps,
} from '../push/index.js';
import {
  clearPushTokenOfSignedOut,
  readJsonBody,
  SIGN_OUT_MAX_BODY_BYTES,
  signOutAdmin,
  signOutEverywhere,
  isRefusedToken,
  type SignOutDeps,
  changingAdmin,
  exchangeLogin,
  exchangeSession,
  renewAdminSession,
  bearerToken,
  endSessionsOfToken,
  serveCurrentUser,
  currentUserLookup,
  type GetMe,
  type MeOutcome,
  type SessionDeps,
} from '../session/index.js';
import {
  actedMethod,
  API_REPLY_HEADERS,
  API_REQUEST_HEADERS,
  clientAddressOf,
  FILE_REPLY_HEADERS,
  FILE_REQUEST_HEADERS,
  replyHeaders,
  upstreamRequestHeaders,
  failureReply,
  isJson,
  jsonReply,
  MESSAGES,
  NO_STORE,
  type ProxyReply,
  callUpstream,
  declaredTooLarge,
  type RequestBody,
  type UpstreamFailure,
  type UpstreamFetch,
  type UpstreamLimits,
} from '../upstream/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import { parseRequestTarget, upstreamUrlFor, type RequestTarget } from './request-target.js';
import {
  changeOf,
  completeAuditEntry,
  describeChange,
  fieldsOf,
  openAuditEntry,
  recordAudit,
  recordSignOut,
  type AuditDeps,
  type OpenedEntry,
} from '../audit/index.js';
import { deleteChatMessage } from '../chat/index.js';
import {
  isPriceRead,
  priceDayOf,
  priceReadOf,
  recordPriceRead,
  type PriceHistoryDeps,
} from '../prices/index.js';
import { rewriteFileUrls } from './rewrite-urls.js';
import { ADMINS_MAX_BODY_BYTES, serveAdmins } from './admins-route.js';
import { neededForCall, permits, refusal, type Needed, type RolesDeps } from '../roles/index.js';
import {
  applyMirrorAction,
  isMirrorRoute,
  mirrorActionFor,
  syncUsers,
  type MirrorDeps,
  type MirrorRequest,
} from '../mirror/index.js';

/**
 * The `api` function: a proxy to the upstream REST API (the browser never calls it directly) that
 * only ever calls the configured upstream, adds the admin login exchange, serves upstream files
 * over our own origin, and feeds the user mirror. Framework-free, so Cloud Functions and a plain
 * node:http server (tests, benchmark) run the same code.
 */

export interface ProxyRequest {
  method: string;
  /** The request target as received: path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  body: RequestBody;
  remoteAddress?: string | undefined;
  /** Aborted when the client goes away. */
  signal?: AbortSignal | undefined;
}

export interface ProxyDeps extends SessionDeps, SignOutDeps {
  /** UPSTREAM_API_URL, e.g. http://127.0.0.1:5050/api (see parseUpstreamUrl). */
  upstreamUrl: URL;
  /** What the upstream offers beyond the original API's calls (contracts/capabilities.ts). */
  capabilities: Capabilities;
  /** Where the upstream keeps stored files (UPSTREAM_FILE_ORIGINS); default its origin + /storage. */
  fileBases?: FileBases | undefined;
  fetch: UpstreamFetch;
  timeoutMs: number;
  maxBodyBytes: number;
  maxJsonReplyBytes: number;
  logger: Logger;
  /** Where the user mirror writes; without it nothing is mirrored. */
  mirror?: { db: Db; now: Clock } | undefined;
  /** Where the audit trail is written, and who an admin is; without it nothing is recorded. */
  audit?: AuditDeps | undefined;
  /** Where the prices read are kept as days of the price history; without it none are. */
  priceHistory?: PriceHistoryDeps | undefined;
  /**
   * The deployment's owners and each admin's roles (`grants`, cached): while owners are named,
   * every call is checked against the caller's roles. Without it, or with no owner, none is.
   */
  roles?: (RolesDeps & { grants: (uid: string) => Promise<Grants> }) | undefined;
  /** What a test push to the admin's own browser needs; without it, none can be sent. */
  testPush?: Omit<TestPushDeps, 'fileBases'> | undefined;
  /**
   * Cloud Functions: Google's front end stands before the function and appends the address it
   * saw to X-Forwarded-For. Without it (a plain server), the socket's address is the client's.
   */
  behindGoogleFrontEnd?: boolean | undefined;
}

const MIB = 1024 * 1024;

/** The documented limits (functions/README.md). 32 MiB is Cloud Functions' own request cap. */
export const PROXY_LIMITS = {
  timeoutMs: 30_000,
  maxBodyBytes: 32 * MIB,
  /** JSON replies are read whole (URL rewriting, login, mirror): 100 000 users fit. */
  maxJsonReplyBytes: 64 * MIB,
} as const;

/**
 * UPSTREAM_API_URL, checked: an http(s) base URL without credentials, query or fragment, and
 * https unless the upstream runs on this machine. Sign-in passwords and bearer tokens cross
 * this link, so plain http is refused wherever the network could read them.
 */
export function parseUpstreamUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`UPSTREAM_API_URL is not a URL: ${JSON.stringify(value)}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username !== '' || url.password !== '') {
    throw new Error('UPSTREAM_API_URL must be an http(s) URL without credentials');
  }
  if (url.search !== '' || url.hash !== '') {
    throw new Error('UPSTREAM_API_URL must not have a query or a fragment');
  }
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw new Error(
      `UPSTREAM_API_URL must use https: sign-in passwords and bearer tokens would cross the network to ${url.host} in clear. ` +
        'Put TLS in front of the upstream (a reverse proxy with a certificate) and give its https address; ' +
        'plain http is allowed to a loopback host only (127.0.0.0/8, ::1, localhost).',
    );
  }
  return url;
}

/** `hostname` as the URL parser normalised it (`127.1` is `127.0.0.1`, IPv6 in brackets). */
function isLoopback(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    (isIPv4(hostname) && hostname.startsWith('127.'))
  );
}

/** The methods each of the function's own calls answers; every other gets 405. */
const ALLOWED_METHODS: Partial<Record<RequestTarget['kind'], readonly string[]>> = {
  files: ['GET', 'HEAD'],
  capabilities: ['GET'],
  'current-user': ['GET'],
  'firebase-token': ['POST'],
  'sign-out': ['POST'],
  'sign-out-everywhere': ['POST'],
  'renew-session': ['POST'],
  audience: ['GET'],
  'test-push': ['POST'],
  'chat-message': ['DELETE'],
  admins: ['GET'],
  'admin-roles': ['PUT'],
  'admin-sessions': ['DELETE'],
  'default-roles': ['PUT'],
};

/** Routes a request the `api` function received to the step that answers it. */
export async function handleProxyRequest(
  request: ProxyRequest,
  deps: ProxyDeps,
): Promise<ProxyReply> {
  const target = parseRequestTarget(request.url);
  if (target === null) return failureReply(400, MESSAGES.badPath);
  if (declaredTooLarge(request.body, deps.maxBodyBytes)) {
    return failureReply(413, MESSAGES.tooLarge(deps.maxBodyBytes));
  }
  const method = request.method.toUpperCase();
  const allowed = ALLOWED_METHODS[target.kind];
  if (allowed !== undefined && !allowed.includes(method)) {
    return methodNotAllowed(allowed.join(', '));
  }
  switch (target.kind) {
    case 'files':
      return proxyFile(target, method, request, deps);
    case 'not-a-file':
      return failureReply(404, MESSAGES.fileUnavailable);
    case 'capabilities':
      return jsonReply(200, { metadata: { success: 1, message: '' }, payload: deps.capabilities });
    case 'current-user':
      return serveCurrentUser(
        single(request.headers.authorization),
        currentUserOf(deps, request.signal),
        (user) => void rewriteFileUrls(user, fileBasesOf(deps)),
      );
    case 'firebase-token':
      return exchangeSession(single(request.headers.authorization), {
        ...deps,
        getMe: currentUserOf(deps, request.signal),
      });
    case 'sign-out': {
      const { audit } = deps;
      return signOutAdmin(await readJsonBody(request.body, SIGN_OUT_MAX_BODY_BYTES), {
        ...deps,
        ...(audit ? { onSignedOut: (admin) => recordSignOut(admin, audit) } : {}),
      });
    }
    case 'sign-out-everywhere': {
      const { audit } = deps;
      return signOutEverywhere(
        single(request.headers.authorization),
        await readJsonBody(request.body, SIGN_OUT_MAX_BODY_BYTES),
        { ...deps, ...(audit ? { onSignedOut: (admin) => recordSignOut(admin, audit) } : {}) },
      );
    }
    case 'renew-session': {
      const authorization = single(request.headers.authorization);
      return renewAdminSession(
        authorization,
        await readJsonBody(request.body, SIGN_OUT_MAX_BODY_BYTES),
        { ...deps, getMe: currentUserOf(deps, request.signal) },
      );
    }
    case 'audience': {
      const { mirror } = deps;
      return serveAudience(
        { authorization: single(request.headers.authorization), search: target.search },
        {
          getMe: currentUserOf(deps, request.signal),
          logger: deps.logger,
          countingFor: mirror && ((bearer) => countingDeps(mirror, bearer, deps)),
        },
      );
    }
    case 'test-push': {
      if (deps.testPush === undefined) return failureReply(503, MESSAGES.databaseUnavailable);
      return serveTestPush(
        { authorization: single(request.headers.authorization), body: request.body },
        {
          ...deps.testPush,
          fileBases: fileBasesOf(deps),
          getMe: currentUserOf(deps, request.signal),
        },
      );
    }
    case 'chat-message':
      return removeChatMessage(target, request, deps);
    case 'api':
      return endingRefusedToken(await proxyApi(target, method, request, deps), request, deps);
    case 'admins':
    case 'admin-roles':
    case 'admin-sessions':
    case 'default-roles': {
      const { roles } = deps;
      if (roles === undefined) return failureReply(404, MESSAGES.rolesNotInUse);
      return serveAdmins(target, {
        roles,
        identify: () => changingAdminOf(request, deps),
        body: () => readJsonBody(request.body, ADMINS_MAX_BODY_BYTES),
        afterSessionsEnded: async (uid) => {
          await clearPushTokenOfSignedOut(deps.sessions.db, uid, deps.sessions.now());
          await deps.revokeRefreshTokens(uid);
        },
      });
    }
  }
}

/**
 * An upstream 401 to a bearer token means the token is no longer valid: the admin sessions
 * opened with it end too (after the reply is sent), so its browser keeps no database rights.
 */
function endingRefusedToken(reply: ProxyReply, request: ProxyRequest, deps: ProxyDeps): ProxyReply {
  const token = bearerToken(single(request.headers.authorization));
  if (reply.status !== 401 || token === null) return reply;
  return thenAfterSend(reply, () => endSessionsOfToken(token, deps));
}

/** The reply, with `work` run after whatever it already runs once it is sent. */
function thenAfterSend(reply: ProxyReply, work: () => Promise<void>): ProxyReply {
  const { afterSend } = reply;
  return {
    ...reply,
    afterSend: async () => {
      await afterSend?.();
      await work();
    },
  };
}

/** Request bodies read for the audit trail are JSON or forms the upstream caps at 1 MB. */
const AUDIT_MAX_BODY_BYTES = 1024 * 1024;

/**
 * An API call, and its audit entry when it is an admin's change (or sign-in), written before
 * the reply is returned.
 */
async function proxyApi(
  target: Extract<RequestTarget, { kind: 'api' }>,
  method: string,
  request: ProxyRequest,
  deps: ProxyDeps,
): Promise<ProxyReply> {
  const { audit } = deps;
  const authorization = single(request.headers.authorization);
  // Laravel reads a POST's `_method` from its body before its query: an admin's POST is read
  // whole (up to AUDIT_MAX_BODY_BYTES) so the audit and the mirror see the method the upstream
  // acts on, and that method is pinned for the upstream, body read or not.
  const posted =
    method === 'POST' && authorization !== undefined
      ? await bufferBody(request.body, AUDIT_MAX_BODY_BYTES)
      : null;
  const postedFields =
    posted?.kind === 'bytes' ? fieldsOf(posted.bytes, single(request.headers['content-type'])) : {};
  const acted =
    posted === null ? undefined : actedMethod(method, target.search, postedFields._method);
  const sent = posted === null ? request : { ...request, body: posted };
  const change = audit
    ? changeOf(method, target.segments, target.search, postedFields._method)
    : null;
  // An upstream token its admin ended on every browser makes no more changes through here.
  const token = bearerToken(authorization);
  if (change && token !== null && (await isRefusedToken(deps.sessions.db, token))) {
    return failureReply(401, MESSAGES.signedOutEverywhere);
  }
  const caller = await permittedCaller(neededForCall(acted ?? method, target.segments), sent, deps);
  if (caller !== undefined && 'reply' in caller) return caller.reply;
  if (audit && isLoginCall(method, target)) {
    const { reply, body } = await forwardApi(target, method, sent, deps, true);
    const admin = signedInAdmin(reply.status, body.kind === 'json' ? body.json : undefined);
    if (admin) {
      await recordAudit({ ...admin, action: 'session.sign-in', status: reply.status }, audit);
    }
    return reply;
  }
  if (!audit || !change) {
    const history = isPriceRead(method, target.segments) ? deps.priceHistory : undefined;
    const forwarded = await forwardApi(target, method, sent, deps, history !== undefined, acted);
    return history ? keepingPriceRead(forwarded, target, history) : forwarded.reply;
  }
  // A change goes upstream only once the functions know which admin makes it: one they cannot
  // name would leave no entry.
  const admin = caller ?? (await changingAdminOf(sent, deps));
  if ('reply' in admin) return admin.reply;
  const body = change.readsBody ? await bufferBody(sent.body, AUDIT_MAX_BODY_BYTES) : sent.body;
  const fields =
    body.kind === 'bytes' ? fieldsOf(body.bytes, single(sent.headers['content-type'])) : {};
  const before =
    change.action === 'prices.save'
      ? await pricesBefore(change.targets.group, fields, authorization as string, deps)
      : undefined;
  const known = { fields, ...(before === undefined ? {} : { before }) };
  const opened = await openEntryOrRefuse(
    { uid: admin.uid, email: admin.email, ...describeChange(change, { ...known, payload: null }) },
    audit,
  );
  if ('reply' in opened) return opened.reply;
  const forwarded = await forwardApi(target, method, { ...sent, body }, deps, true, acted);
  const { reply } = forwarded;
  const done = writeSucceeded(reply.status, forwarded.body);
  const payload = done?.record;
  const saved = done !== undefined;
  await completeAuditEntry(
    opened,
    {
      uid: admin.uid,
      email: admin.email,
      ...describeChange(change, { ...known, payload }),
      status: reply.status,
    },
    audit,
    change.action === 'prices.save' && saved
      ? priceDayOf(
          { groupId: change.targets.group, typeId: fields.fuel_price_type_id, sent: fields },
          payload,
          admin.uid,
          audit.now(),
        )
      : {},
  );
  return reply;
}

/** A price read's reply, which keeps the day it read in the price history once it is sent. */
function keepingPriceRead(
  { reply, body }: { reply: ProxyReply; body: ReplyBody },
  target: Extract<RequestTarget, { kind: 'api' }>,
  history: PriceHistoryDeps,
): ProxyReply {
  const payload = body.kind === 'json' ? succeededPayload(reply.status, body.json)?.payload : null;
  const read = priceReadOf(target.segments, payload, history.now());
  return read === null ? reply : thenAfterSend(reply, () => recordPriceRead(read, history));
}

/**
 * A change's entry, opened before the change is made; or, when it cannot be written, the reply
 * refusing the change (logged), so that no change is made unrecorded.
 */
async function openEntryOrRefuse(
  entry: Omit<AuditEntry, 'at' | 'status'>,
  audit: AuditDeps,
): Promise<OpenedEntry | { reply: ProxyReply }> {
  try {
    return await openAuditEntry(entry, audit);
  } catch (error) {
    audit.logger.error('Could not open an audit entry: the change was not made', {
      action: entry.action,
      uid: entry.uid,
      error: String(error),
    });
    return { reply: failureReply(503, MESSAGES.auditUnavailable) };
  }
}

const isLoginCall = (method: string, target: Extract<RequestTarget, { kind: 'api' }>) =>
  method === 'POST' && target.segments.join('/') === 'login';

/**
 * The admin a sign-in reply (after the login exchange) let in, if it let one in, and whether
 * they got their database session: an operator reading the log sees a signing fault at once.
 */
function signedInAdmin(status: number, json: unknown) {
  const succeeded = succeededPayload(status, json);
  if (!succeeded) return null;
  const login = loginPayloadSchema.safeParse(succeeded.payload);
  if (!login.success || login.data.user.role[0] !== 'admin') return null;
  const degraded = firebaseUnavailablePayloadSchema.safeParse(succeeded.payload);
  return {
    uid: String(login.data.user.id),
    email: login.data.user.email,
    summary: degraded.success
      ? `Signed in without a database session (${degraded.data.firebaseUnavailable.reason})`
      : 'Signed in with a database session',
  };
}

/**
 * The price record a save replaces, read upstream with the admin's own token before the save
 * goes out: never what the browser says it was. Undefined when it cannot be read (the entry
 * then has no "before"); null values when there was no record.
 */
async function pricesBefore(
  groupId: string | undefined,
  fields: Record<string, unknown>,
  authorization: string,
  deps: ProxyDeps,
): Promise<unknown> {
  const type = String(fields.fuel_price_type_id ?? '');
  const date = String(fields.date ?? '');
  const dayParam = deps.capabilities.priceDayParam;
  // Without a per-day read, the record read back could be another day's: no "before" at all.
  if (dayParam === null) return undefined;
  if (!groupId || !/^\d+$/.test(type) || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const reply = await upstreamJson(
    'GET',
    `/admin/group/${encodeURIComponent(groupId)}/fuel-prices/${type}`,
    authorization,
    deps,
    undefined,
    `?${encodeURIComponent(dayParam)}=${date}`,
  );
  const read = succeeded(reply);
  return read && (read.payload ?? {});
}

/**
 * A body still arriving, read into memory when it is small enough to be a JSON or form body;
 * a larger one is passed on as it comes, the part already read first.
 */
async function bufferBody(body: RequestBody, maxBytes: number): Promise<RequestBody> {
  if (body.kind !== 'stream' || (body.length ?? 0) > maxBytes) return body;
  const iterator = body.stream[Symbol.asyncIterator]();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) return { kind: 'bytes', bytes: Buffer.concat(chunks) };
    chunks.push(next.value);
    size += next.value.length;
    if (size > maxBytes) {
      const stream = (async function* () {
        yield* chunks;
        for (let rest = await iterator.next(); !rest.done; rest = await iterator.next()) {
          yield rest.value;
        }
      })();
      return { ...body, stream };
    }
  }
}

/**
 * An API call passed on; `body` is what the reply held: its JSON when it was JSON and read
 * (`parse` asks for that), nothing, or something else. `acted` is the method a POST acts on,
 * pinned for the upstream in `X-HTTP-Method-Override`, which Laravel reads first.
 */
async function forwardApi(
  target: Extract<RequestTarget, { kind: 'api' }>,
  method: string,
  request: ProxyRequest,
  deps: ProxyDeps,
  parse: boolean,
  acted?: string,
): Promise<{ reply: ProxyReply; body: ReplyBody }> {
  const url = upstreamUrlFor(deps.upstreamUrl, target.path, target.search);
  if (url === null) return { reply: failureReply(400, MESSAGES.badPath), body: OTHER };
  const outcome = await callUpstream(
    {
      url,
      method,
      headers: upstreamRequestHeaders(request.headers, API_REQUEST_HEADERS, {
        contentLength: request.body.kind === 'stream' ? request.body.length : undefined,
        clientAddress: clientAddressOf(
          request.headers['x-forwarded-for'],
          request.remoteAddress,
          deps.behindGoogleFrontEnd ?? false,
        ),
        methodOverride: acted,
      }),
      body: request.body,
    },
    limitsOf(deps, request.signal),
  );
  if (outcome.kind !== 'response') {
    return { reply: upstreamFailure(outcome, url, deps), body: OTHER };
  }
  const { response } = outcome;
  const headers = {
    ...replyHeaders(response.headers, API_REPLY_HEADERS),
    'cache-control': NO_STORE,
  };
  const isLogin = isLoginCall(method, target);
  const isSuccess = response.status >= 200 && response.status < 300;
  const mirrorRequest: MirrorRequest = {
    method: acted ?? method,
    segments: target.segments,
    search: target.search,
    authorization: single(request.headers.authorization),
  };
  // The user mirror follows what the reply says was done (a delete may answer 204).
  const withMirror = (reply: ProxyReply, body: ReplyBody) => {
    const action = deps.mirror && mirrorActionFor(mirrorRequest, reply.status, body);
    if (!action || !deps.mirror) return { reply, body };
    const mirrorDeps = mirrorDepsOf(deps.mirror, deps);
    return { reply: { ...reply, afterSend: () => applyMirrorAction(action, mirrorDeps) }, body };
  };

  // A sign-in reply is always read: a success we cannot read must not pass its token on.
  const readWhole = isJson(response.headers.get('content-type')) || (isLogin && isSuccess);
  if (response.body === null || !readWhole) {
    outcome.settle();
    const empty = response.body === null || response.headers.get('content-length') === '0';
    return withMirror(
      { status: response.status, headers, body: response.body },
      empty ? EMPTY : OTHER,
    );
  }

  const read = await outcome.readAll(deps.maxJsonReplyBytes);
  if (read.kind !== 'body') return { reply: upstreamFailure(read, url, deps), body: OTHER };
  const { bytes } = read;
  const passOn = (body: ReplyBody) => withMirror(bytesReply(response.status, headers, bytes), body);

  const watched = parse || isLogin || (deps.mirror !== undefined && isMirrorRoute(mirrorRequest));
  // Most replies hold no upstream URL and feed nothing: pass them on without parsing.
  const bases = fileBasesOf(deps);
  if (!watched && !bases.some((base) => bytes.includes(base.host))) return passOn(OTHER);
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    if (isLogin && isSuccess) {
      return { reply: failureReply(502, MESSAGES.badUpstreamReply), body: OTHER };
    }
    return passOn(bytes.length === 0 ? EMPTY : OTHER);
  }

  let status = response.status;
  if (isLogin) ({ status, json } = await exchangeLogin({ status, json }, deps));
  const rewritten = rewriteFileUrls(json, bases);
  if (!isLogin && rewritten === 0) return passOn({ kind: 'json', json });
  return withMirror(bytesReply(status, headers, Buffer.from(JSON.stringify(json))), {
    kind: 'json',
    json,
  });
}

const EMPTY: ReplyBody = { kind: 'empty' };
const OTHER: ReplyBody = { kind: 'other' };

/** What the user mirror needs: its database, the logger, and the upstream's member lists. */
function mirrorDepsOf(mirror: NonNullable<ProxyDeps['mirror']>, deps: ProxyDeps): MirrorDeps {
  return {
    ...mirror,
    logger: deps.logger,
    getAssignedUsers: (groupId: string, authorization: string) =>
      getAssignedUsers(groupId, authorization, deps),
  };
}

/**
 * Whatever the upstream says: a deleted upload (a chat file, an offer image) must stop being
 * served within minutes, and Hosting's CDN would keep serving a `public` one for as long as it
 * was told, to anyone with the link. Browsers keep it five minutes, then revalidate.
 */
const FILE_CACHE = 'private, max-age=300';
/**
 * Types a browser may show inline, sandboxed, from our origin. Anything else (HTML, SVG,
 * XML...) is served as a download: an uploaded page must never run as our site. PDFs too:
 * browsers' PDF viewers refuse to open in a sandbox, and outside one a PDF's scripts would.
 */
const INLINE_TYPE =
  /^(image\/(png|jpeg|gif|webp|avif)|video\/[\w.+-]+|audio\/[\w.+-]+|text\/plain)$/;

async function proxyFile(
  target: Extract<RequestTarget, { kind: 'files' }>,
  method: string,
  request: ProxyRequest,
  deps: ProxyDeps,
): Promise<ProxyReply> {
  const url = upstreamFileUrl(`/api/files${target.path}${target.search}`, fileBasesOf(deps));
  if (url === null) return failureReply(404, MESSAGES.fileUnavailable);
  const outcome = await callUpstream(
    {
      url,
      method,
      headers: upstreamRequestHeaders(request.headers, FILE_REQUEST_HEADERS),
      body: { kind: 'none' },
    },
    limitsOf(deps, request.signal),
  );
  if (outcome.kind !== 'response') return upstreamFailure(outcome, url, deps);
  outcome.settle();
  const { response } = outcome;
  if (response.status >= 400) {
    await response.body?.cancel();
    return failureReply(response.status, MESSAGES.fileUnavailable);
  }
  const headers = replyHeaders(response.headers, FILE_REPLY_HEADERS);
  headers['cache-control'] = FILE_CACHE;
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (response.status !== 304 && !INLINE_TYPE.test(type)) {
    headers['content-disposition'] = 'attachment';
  }
  return { status: response.status, headers, body: response.body };
}

const fileBasesOf = (deps: ProxyDeps): FileBases =>
  deps.fileBases ?? parseFileBases('', deps.upstreamUrl);

/** A GET of the upstream API on behalf of a caller, read whole and parsed. */
async function upstreamJson(
  method: 'GET' | 'DELETE',
  path: string,
  authorization: string,
  deps: ProxyDeps,
  signal?: AbortSignal,
  search = '',
): Promise<MeOutcome> {
  const url = upstreamUrlFor(deps.upstreamUrl, path, search);
  if (url === null) throw new Error(`Not an upstream path: ${path}`);
  const headers = upstreamRequestHeaders({ authorization, accept: 'application/json' }, [
    'authorization',
    'accept',
  ]);
  const outcome = await callUpstream(
    { url, method, headers, body: { kind: 'none' } },
    limitsOf(deps, signal),
  );
  if (outcome.kind !== 'response')
    return { kind: 'failed', reply: upstreamFailure(outcome, url, deps) };
  const read = await outcome.readAll(deps.maxJsonReplyBytes);
  if (read.kind !== 'body') return { kind: 'failed', reply: upstreamFailure(read, url, deps) };
  try {
    return {
      kind: 'json',
      status: outcome.response.status,
      json: JSON.parse(read.bytes.toString('utf8')),
    };
  } catch {
    return { kind: 'json', status: outcome.response.status, json: null };
  }
}

/** Who the holder of a bearer token is, asked as this upstream can answer (current-user.ts). */
const currentUserOf = (deps: ProxyDeps, signal?: AbortSignal): GetMe =>
  currentUserLookup({
    capabilities: deps.capabilities,
    getJson: (path, authorization) => upstreamJson('GET', path, authorization, deps, signal),
    signIns: deps.sessions,
  });

/** The admin who makes a change, or the reply refusing it (`changingAdmin`). */
const changingAdminOf = (request: ProxyRequest, deps: ProxyDeps) =>
  changingAdmin(
    {
      authorization: single(request.headers.authorization),
      proof: single(request.headers[ADMIN_SESSION_HEADER]),
    },
    {
      ...deps,
      getMe: currentUserOf(deps, request.signal),
      ...(deps.audit ? { identities: deps.audit.identities } : {}),
    },
  );

/**
 * While roles are in use, the admin making a call that needs more than being an admin, once
 * their roles allow it, or the reply refusing it; undefined when no check applies. A call with
 * no bearer token carries no admin's rights: the upstream answers it as anyone's (a health
 * check), and the audit refuses it as a change.
 */
async function permittedCaller(
  needed: Needed,
  request: ProxyRequest,
  deps: ProxyDeps,
): Promise<{ uid: string; email: string } | { reply: ProxyReply } | undefined> {
  const { roles } = deps;
  if (roles === undefined || roles.owners.size === 0 || needed.kind === 'open') return undefined;
  if (bearerToken(single(request.headers.authorization)) === null) return undefined;
  const admin = await changingAdminOf(request, deps);
  if ('reply' in admin) return admin;
  return permits(await roles.grants(admin.uid), needed) ? admin : { reply: refusal(needed) };
}

/**
 * `DELETE /api/group-chat/{groupId}/messages/{messageId}` of an admin: the message goes, and
 * upstream only the uploads that are its own (`deleteChatMessage`), with the admin's token.
 */
async function removeChatMessage(
  target: Extract<RequestTarget, { kind: 'chat-message' }>,
  request: ProxyRequest,
  deps: ProxyDeps,
): Promise<ProxyReply> {
  const authorization = single(request.headers.authorization);
  const needed: Needed = { kind: 'permission', permission: 'chat.write' };
  const admin =
    (await permittedCaller(needed, request, deps)) ?? (await changingAdminOf(request, deps));
  if ('reply' in admin) return admin.reply;
  if (deps.mirror === undefined) return failureReply(503, MESSAGES.databaseUnavailable);
  const { groupId, messageId } = target;
  const entry = {
    ...admin,
    action: 'chat.delete' as const,
    targets: { group: groupId, message: messageId },
    summary: `Deleted a chat message in group ${groupId}`,
  };
  // As for every change: recorded before anything is deleted, or not done at all.
  const opened = deps.audit ? await openEntryOrRefuse(entry, deps.audit) : undefined;
  if (opened && 'reply' in opened) return opened.reply;
  const outcome = await deleteChatMessage(target, {
    db: deps.mirror.db,
    logger: deps.logger,
    deleteUpload: async (id) => {
      const reply = await upstreamJson('DELETE', `/chats/${id}`, authorization as string, deps);
      if (!succeeded(reply)) throw new Error(`The upstream did not delete upload ${id}`);
    },
  });
  const reply =
    outcome === null
      ? failureReply(404, MESSAGES.messageNotFound)
      : jsonReply(200, { metadata: { success: 1, message: '' }, payload: outcome });
  if (deps.audit && opened) {
    await completeAuditEntry(opened, { ...entry, status: reply.status }, deps.audit);
  }
  return reply;
}

/**
 * What counting an audience needs, with the admin's own token: the whole user list read upstream
 * and synced into the mirror, or a group's members refreshed.
 */
function countingDeps(
  mirror: NonNullable<ProxyDeps['mirror']>,
  authorization: string,
  deps: ProxyDeps,
): AudienceDeps {
  return {
    ...mirror,
    syncAll: async () => {
      const read = succeeded(await upstreamJson('GET', '/admin/user', authorization, deps));
      if (!read) throw new Error('The upstream did not list the users');
      if (!Array.isArray(read.payload)) throw new Error('The upstream listed the users as no list');
      await syncUsers(read.payload, true, { ...mirror, logger: deps.logger });
    },
    syncGroup: (groupId) =>
      applyMirrorAction(
        { kind: 'refresh-members', groupId, authorization },
        mirrorDepsOf(mirror, deps),
      ),
  };
}

async function getAssignedUsers(groupId: string, authorization: string, deps: ProxyDeps) {
  const reply = await upstreamJson(
    'GET',
    `/admin/groups/${groupId}/assigned-users`,
    authorization,
    deps,
  );
  const read = succeeded(reply);
  if (!read) throw new Error(`The upstream did not list the assigned users of group ${groupId}`);
  return read.payload;
}

/** The payload of a call the proxy made for itself, when it did what was asked. */
const succeeded = (reply: MeOutcome) =>
  reply.kind === 'json' ? succeededPayload(reply.status, reply.json) : undefined;

function upstreamFailure(
  failure: UpstreamFailure | { kind: 'reply-too-large' },
  url: URL,
  { logger, maxBodyBytes }: ProxyDeps,
): ProxyReply {
  // The path only: the query may carry personal data.
  const where = { upstream: `${url.origin}${url.pathname}` };
  switch (failure.kind) {
    case 'timeout':
      logger.warn('The upstream did not answer in time', where);
      return failureReply(504, MESSAGES.timeout);
    case 'unreachable':
      logger.warn('The upstream could not be reached', {
        ...where,
        error: describe(failure.error),
      });
      return failureReply(502, MESSAGES.unreachable);
    case 'too-large':
      return failureReply(413, MESSAGES.tooLarge(maxBodyBytes));
    case 'reply-too-large':
      logger.warn('The upstream reply was too large to read', where);
      return failureReply(502, MESSAGES.replyTooLarge);
    case 'cancelled':
      // Nobody is left to read it; 499 is nginx's "client closed request" for the logs.
      return failureReply(499, MESSAGES.unreachable);
  }
}

function limitsOf(deps: ProxyDeps, signal: AbortSignal | undefined): UpstreamLimits {
  return { fetch: deps.fetch, timeoutMs: deps.timeoutMs, maxBodyBytes: deps.maxBodyBytes, signal };
}

function bytesReply(status: number, headers: Record<string, string>, body: Buffer): ProxyReply {
  return { status, headers: { ...headers, 'content-length': String(body.length) }, body };
}

function methodNotAllowed(allow: string): ProxyReply {
  return jsonReply(
    405,
    { metadata: { success: 0, message: MESSAGES.methodNotAllowed }, payload: null },
    { allow },
  );
}

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** fetch hides the reason behind "fetch failed"; the cause says what happened. */
function describe(error: unknown): string {
  if (error instanceof Error && error.cause !== undefined)
    return `${error.message}: ${describe(error.cause)}`;
  return String(error);
}
