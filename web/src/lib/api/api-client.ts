import type * as z from 'zod/mini';
import { ADMIN_SESSION_HEADER } from '@contracts/api';
import type { HeldReply } from '@contracts/changes/changes';
import type { Logger } from '../logger';
import type { FieldErrors } from './api-reply';
import {
  fetchTransport,
  NoReply,
  xhrTransport,
  type HttpMethod,
  type TransportReply,
  type TransportRequest,
  type UploadProgress,
  type XhrFactory,
} from './transports';

/**
 * The one way the app reaches the REST API: same-origin `/api` (a Hosting rewrite to the `api`
 * function), the stored bearer token, every reply parsed with zod, failures as `ApiError`.
 */

export type ApiErrorKind =
  /**
   * The server refused with its own message: `metadata.success` false, or an HTTP error with
   * the envelope or Laravel's `{message, errors}`.
   */
  | 'rejected'
  /** 401 on a call that carried the session token: the session is over. */
  | 'unauthorized'
  /** No answer at all: offline, DNS, connection reset. */
  | 'network'
  /** An answer we cannot read: not JSON, not the envelope, or a payload of the wrong shape. */
  | 'invalid-reply'
  /** A 202: the change was not made but held for a second admin's approval (`held`). */
  | 'held';

/** The request a held change became, and the policy switch that held it. */
export type Held = HeldReply['held'];

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** Every line of `metadata.message` (string, list, or object of lists), in order. */
  readonly lines: string[];
  /** A refusal's `payload`, unread: most carry none, a few say more than the message can. */
  readonly payload: unknown;
  /** A refused validation's first message per field, for a form to show under each field. */
  readonly fields: FieldErrors;
  /** A held change's request (kind `held` only). */
  readonly held: Held | undefined;

  constructor(
    kind: ApiErrorKind,
    lines: string[],
    status?: number,
    payload?: unknown,
    fields: FieldErrors = {},
    held?: Held,
  ) {
    super(lines.length > 0 ? lines.join('\n') : kind);
    this.kind = kind;
    this.lines = lines;
    this.status = status;
    this.payload = payload;
    this.fields = fields;
    this.held = held;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The request a change became when the server held it for a second admin; null otherwise. */
export function heldOf(error: unknown): Held | null {
  return (isApiError(error) && error.held) || null;
}

/** The common strings errorLines may need; any namespace's `t` falls back to them. */
export type ErrorKey = 'ERRORS.UNKNOWN' | 'ERRORS.NETWORK' | 'ERRORS.SESSION_EXPIRED';
type Translate = (key: ErrorKey) => string;

/**
 * The lines a user should read for any failure: the server's own words when it gave some,
 * else a translated explanation of what went wrong.
 */
export function errorLines(error: unknown, t: Translate): string[] {
  if (!isApiError(error)) return [t('ERRORS.UNKNOWN')];
  switch (error.kind) {
    case 'network':
      return [t('ERRORS.NETWORK')];
    case 'unauthorized':
      return [t('ERRORS.SESSION_EXPIRED')];
    case 'invalid-reply':
      return [t('ERRORS.UNKNOWN')];
    // A screen that does not know holds shows the server's words: the change was not made.
    case 'rejected':
    case 'held':
      return error.lines.length > 0 ? error.lines : [t('ERRORS.UNKNOWN')];
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface RequestOptions<S extends z.ZodMiniType> {
  method?: HttpMethod;
  /** Path below `/api`, starting with `/`, e.g. `/admin/user`. */
  path: string;
  query?: QueryParams;
  /** A plain value is sent as JSON; FormData as multipart. */
  body?: unknown;
  /** Schema of `payload` in the reply. */
  payload: S;
  signal?: AbortSignal;
  /** Lets the request outlive the page (sent while it is being closed); no body over 64 kB. */
  keepalive?: boolean;
}

export interface UploadOptions<S extends z.ZodMiniType> extends Omit<RequestOptions<S>, 'body'> {
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

export interface ApiReply<T> {
  payload: T;
  /** Lines of `metadata.message` (a success message to show, e.g. after a password reset). */
  messages: string[];
}

/**
 * What a write's reply says. A write is done on a 2xx whose envelope says success, a 2xx
 * JSON body that is no envelope (the bare model, as Laravel's resources send it) or a 2xx
 * with no body. The record it echoes, when it echoes one that parses; otherwise undefined,
 * and the screen reads the list again.
 */
export interface WriteReply<T> {
  payload: T | undefined;
  /** The envelope's payload or the bare body, unparsed: what the record was read from. */
  raw: unknown;
  messages: string[];
}

export interface ApiClient {
  /** The reply's payload, which must come in the envelope and parse. */
  request<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<z.output<S>>;
  /** The payload and the server's message lines. */
  send<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<ApiReply<z.output<S>>>;
  /** A change: done whatever form the success takes (see WriteReply). */
  write<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<WriteReply<z.output<S>>>;
  /** A change sent as multipart over XMLHttpRequest, which alone reports upload progress. */
  upload<S extends z.ZodMiniType>(options: UploadOptions<S>): Promise<WriteReply<z.output<S>>>;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  createXhr?: XhrFactory;
  getToken: () => string | null;
  /**
   * The current Firebase ID token of this browser's admin session, sent with every change (any
   * method but GET) so the server names the admin by that session; null when there is none.
   * Read at once, without waiting: a keepalive change sent as the page closes has no time to.
   */
  sessionProof?: () => string | null;
  /** Called once per 401 on a call that carried the token. */
  onUnauthorized: () => void;
  logger: Logger;
  baseUrl?: string;
}

function buildUrl(base: string, path: string, query: QueryParams | undefined): string {
  if (!path.startsWith('/') || path.startsWith('//')) {
    throw new TypeError(`API paths start with one "/": ${path}`);
  }
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const base = deps.baseUrl ?? '/api';
  const viaFetch = fetchTransport(deps.fetch);
  const viaXhr = xhrTransport(deps.createXhr ?? (() => new XMLHttpRequest()));

  type Exchange = RequestOptions<z.ZodMiniType> & {
    onUploadProgress?: ((p: UploadProgress) => void) | undefined;
  };

  /** Sends the request; the reply's status and head, or an ApiError for what is no answer. */
  async function exchange(
    options: Exchange,
    transport: (req: TransportRequest) => Promise<TransportReply>,
  ) {
    const method = options.method ?? 'GET';
    const url = buildUrl(base, options.path, options.query);
    const token = deps.getToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const proof = token && method !== 'GET' ? deps.sessionProof?.() : null;
    if (proof) headers[ADMIN_SESSION_HEADER] = proof;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    let reply: TransportReply;
    try {
      reply = await transport({
        method,
        url,
        headers,
        body,
        signal: options.signal,
        keepalive: options.keepalive ?? false,
        onUploadProgress: options.onUploadProgress,
      });
    } catch (error) {
      if (error instanceof NoReply) {
        deps.logger.warn(`${method} ${options.path}: no reply (${error.message})`);
        throw new ApiError('network', []);
      }
      throw error;
    }

    const { readReplyHead } = await import('./api-reply');
    const head = readReplyHead(reply.text);
    const lines = head.kind === 'envelope' || head.kind === 'refusal' ? head.lines : [];
    const status = reply.status;
    const where = `${method} ${options.path}`;

    if (status === 401 && token) {
      deps.onUnauthorized();
      throw new ApiError('unauthorized', lines, 401);
    }
    const ok = status >= 200 && status < 300;
    if (!ok && head.kind === 'refusal') {
      throw new ApiError('rejected', lines, status, undefined, head.fields);
    }
    if (head.kind === 'envelope' && !(head.success && ok)) {
      throw new ApiError('rejected', lines, status, head.payload, head.fields);
    }
    // Only a 202 may be a held change: its schema loads with the first one.
    if (status === 202 && head.kind === 'envelope') {
      const held = (await import('./held-reply')).heldIn(head.payload);
      if (held) throw new ApiError('held', lines, status, head.payload, {}, held);
    }
    if (!ok || head.kind === 'unreadable') {
      deps.logger.warn(`${where}: HTTP ${status}, not the API envelope`);
      throw new ApiError('invalid-reply', [], status);
    }
    return { head, lines, status, where };
  }

  async function read<S extends z.ZodMiniType>(
    options: RequestOptions<S>,
  ): Promise<ApiReply<z.output<S>>> {
    const { head, lines, status, where } = await exchange(options, viaFetch);
    if (head.kind !== 'envelope') {
      deps.logger.warn(`${where}: HTTP ${status}, not the API envelope`);
      throw new ApiError('invalid-reply', [], status);
    }
    const payload = options.payload.safeParse(head.payload);
    if (!payload.success) {
      deps.logger.error(`${where}: unexpected payload`, payload.error.issues);
      throw new ApiError('invalid-reply', [], status);
    }
    return { payload: payload.data, messages: lines };
  }

  async function write<S extends z.ZodMiniType>(
    options: Exchange & RequestOptions<S>,
    transport: (req: TransportRequest) => Promise<TransportReply>,
  ): Promise<WriteReply<z.output<S>>> {
    const { head, lines, where } = await exchange(options, transport);
    const raw =
      head.kind === 'envelope' ? head.payload : head.kind === 'empty' ? undefined : head.json;
    const payload = options.payload.safeParse(raw);
    if (!payload.success) deps.logger.info(`${where}: done; the reply holds no record we read`);
    return { payload: payload.success ? payload.data : undefined, raw, messages: lines };
  }

  return {
    send: read,
    request: async (options) => (await read(options)).payload,
    write: (options) => write(options, viaFetch),
    upload: ({ onProgress, ...options }) =>
      write({ ...options, method: options.method ?? 'POST', onUploadProgress: onProgress }, viaXhr),
  };
}
