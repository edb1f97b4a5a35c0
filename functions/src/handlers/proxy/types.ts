import type { IncomingHttpHeaders } from 'node:http';
import {
  type Capabilities,
  type FileBases,
  type Grants,
  parseFileBases,
} from '../../contracts/index.js';
import type { PushSender, TestPushDeps } from '../push/index.js';
import type { SessionDeps, SignOutDeps } from '../session/index.js';
import type { ProxyReply, RequestBody, UpstreamFetch } from '../upstream/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import type { AuditDeps } from '../audit/index.js';
import type { PriceHistoryDeps } from '../prices/index.js';
import type { RolesDeps } from '../roles/index.js';
import type { RequestTarget } from './request-target.js';

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
  /** What the upstream offers beyond the original API's calls (contracts/upstream/capabilities.ts). */
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
  /** Where changes held for a second admin are kept; without it, none can be asked for. */
  changes?: { db: Db; now: Clock; sender: PushSender } | undefined;
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

export type TargetKind = RequestTarget['kind'];

/**
 * The target of one kind. An intersection, not `Extract`: the admin routes share one member of
 * the union (`admin-roles | admin-sessions`), which `Extract` would drop for either kind alone.
 */
export type TargetOf<K extends TargetKind> = RequestTarget & { kind: K };

/** What a step is handed besides its target: the method (upper case), the request, the deps. */
export interface Call {
  method: string;
  request: ProxyRequest;
  deps: ProxyDeps;
}

/** The step that answers the requests of one route. */
export type Step<K extends TargetKind> = (
  target: TargetOf<K>,
  call: Call,
) => ProxyReply | Promise<ProxyReply>;

export const fileBasesOf = (deps: ProxyDeps): FileBases =>
  deps.fileBases ?? parseFileBases('', deps.upstreamUrl);
