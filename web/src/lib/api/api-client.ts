import type * as z from 'zod/mini';
import type { Logger } from '../logger';
import type { FieldErrors } from './api-reply';

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
  | 'invalid-reply';

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

  constructor(
    kind: ApiErrorKind,
    lines: string[],
    status?: number,
    payload?: unknown,
    fields: FieldErrors = {},
  ) {
    super(lines.length > 0 ? lines.join('\n') : kind);
    this.kind = kind;
    this.lines = lines;
    this.status = status;
    this.payload = payload;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
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
    case 'rejected':
      return error.lines.length > 0 ? error.lines : [t('ERRORS.UNKNOWN')];
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or undefined when the total is unknown. */
  fraction: number | undefined;
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

export interface ApiClient {
  /** The reply's payload. */
  request<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<z.output<S>>;
  /** The payload and the server's message lines. */
  send<S extends z.ZodMiniType>(options: RequestOptions<S>): Promise<ApiReply<z.output<S>>>;
  /** Multipart upload over XMLHttpRequest, which alone reports upload progress. */
  upload<S extends z.ZodMiniType>(options: UploadOptions<S>): Promise<ApiReply<z.output<S>>>;
}

interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signal: AbortSignal | undefined;
  keepalive: boolean;
  onUploadProgress: ((progress: UploadProgress) => void) | undefined;
}

interface TransportReply {
  status: number;
  text: string;
}

/** Thrown by a transport when no reply arrived. */
class NoReply extends Error {}

export type XhrFactory = () => XMLHttpRequest;

export interface ApiClientDeps {
  fetch: typeof fetch;
  createXhr?: XhrFactory;
  getToken: () => string | null;
  /** Called once per 401 on a call that carried the token. */
  onUnauthorized: () => void;
  logger: Logger;
  baseUrl?: string;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function fetchTransport(fetchImpl: typeof fetch) {
  return async (req: TransportRequest): Promise<TransportReply> => {
    let response: Response;
    try {
      response = await fetchImpl(req.url, {
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        signal: req.signal ?? null,
        keepalive: req.keepalive,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NoReply(error instanceof Error ? error.message : 'fetch failed');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new NoReply('the reply was cut off');
    }
    return { status: response.status, text };
  };
}

function xhrTransport(createXhr: XhrFactory) {
  return (req: TransportRequest): Promise<TransportReply> =>
    new Promise((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(req.method, req.url);
      for (const [name, value] of Object.entries(req.headers)) xhr.setRequestHeader(name, value);
      const progress = req.onUploadProgress;
      if (progress) {
        xhr.upload.addEventListener('progress', (event) => {
          progress({
            loaded: event.loaded,
            total: event.total,
            fraction:
              event.lengthComputable && event.total > 0 ? event.loaded / event.total : undefined,
          });
        });
      }
      xhr.addEventListener('load', () => resolve({ status: xhr.status, text: xhr.responseText }));
      xhr.addEventListener('error', () => reject(new NoReply('upload failed')));
      xhr.addEventListener('timeout', () => reject(new NoReply('upload timed out')));
      xhr.addEventListener('abort', () =>
        reject(new DOMException('The upload was aborted', 'AbortError')),
      );
      if (req.signal) {
        if (req.signal.aborted) {
          reject(new DOMException('The upload was aborted', 'AbortError'));
          return;
        }
        req.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      }
      xhr.send(req.body === undefined ? null : (req.body as XMLHttpRequestBodyInit));
    });
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

  async function exchange<S extends z.ZodMiniType>(
    options: RequestOptions<S> & { onUploadProgress?: ((p: UploadProgress) => void) | undefined },
    transport: (req: TransportRequest) => Promise<TransportReply>,
  ): Promise<ApiReply<z.output<S>>> {
    const method = options.method ?? 'GET';
    const url = buildUrl(base, options.path, options.query);
    const token = deps.getToken();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
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
    const lines = head.kind === 'unreadable' ? [] : head.lines;

    if (reply.status === 401 && token) {
      deps.onUnauthorized();
      throw new ApiError('unauthorized', lines, 401);
    }
    const ok = reply.status >= 200 && reply.status < 300;
    if (head.kind === 'refusal' && !ok) {
      throw new ApiError('rejected', lines, reply.status, undefined, head.fields);
    }
    if (head.kind !== 'envelope') {
      deps.logger.warn(`${method} ${options.path}: HTTP ${reply.status}, not the API envelope`);
      throw new ApiError('invalid-reply', [], reply.status);
    }
    if (!head.success || !ok) {
      throw new ApiError('rejected', lines, reply.status, head.payload, head.fields);
    }
    const payload = options.payload.safeParse(head.payload);
    if (!payload.success) {
      deps.logger.error(`${method} ${options.path}: unexpected payload`, payload.error.issues);
      throw new ApiError('invalid-reply', [], reply.status);
    }
    return { payload: payload.data, messages: lines };
  }

  return {
    send: (options) => exchange(options, viaFetch),
    request: async (options) => (await exchange(options, viaFetch)).payload,
    upload: ({ onProgress, ...options }) =>
      exchange(
        { ...options, method: options.method ?? 'POST', onUploadProgress: onProgress },
        viaXhr,
      ),
  };
}
