/**
 * One call to the upstream, with the proxy's limits: a body-size cap counted as the body
 * streams (so a chunked upload cannot slip past it), and a deadline for the answer. The clock
 * starts once the request body has been sent: a slow client uploading 30 MB is not the
 * upstream being slow.
 */

/**
 * A fetch-like client (http/upstream-client.ts in production). It must hand bodies over exactly
 * as sent (no decompression) and must not follow redirects.
 */
export type UpstreamFetch = (url: URL, init: UpstreamInit) => Promise<Response>;

export interface UpstreamInit {
  method: string;
  headers: Headers;
  body: Uint8Array | AsyncIterable<Uint8Array> | undefined;
  signal: AbortSignal;
  redirect: 'manual';
  duplex: 'half';
}

export type RequestBody =
  | { kind: 'none' }
  /** Already in memory (Cloud Functions hands the body over as `req.rawBody`). */
  | { kind: 'bytes'; bytes: Uint8Array }
  /** Still arriving; `length` when the client declared it. */
  | { kind: 'stream'; stream: AsyncIterable<Uint8Array>; length?: number };

export interface UpstreamCall {
  url: URL;
  method: string;
  headers: Headers;
  body: RequestBody;
}

export interface UpstreamLimits {
  fetch: UpstreamFetch;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Aborts the call when the client goes away. */
  signal?: AbortSignal | undefined;
}

export type UpstreamFailure =
  | { kind: 'timeout' }
  | { kind: 'unreachable'; error: unknown }
  | { kind: 'too-large' }
  | { kind: 'cancelled' };

export type UpstreamOutcome =
  | {
      kind: 'response';
      response: Response;
      /** Reads the whole body under the same deadline, refusing more than `maxBytes`. */
      readAll(
        maxBytes: number,
      ): Promise<{ kind: 'body'; bytes: Buffer } | UpstreamFailure | { kind: 'reply-too-large' }>;
      /** Stops the clock; call it before passing the body on as a stream. */
      settle(): void;
    }
  | UpstreamFailure;

export function declaredTooLarge(body: RequestBody, maxBodyBytes: number): boolean {
  if (body.kind === 'bytes') return body.bytes.length > maxBodyBytes;
  if (body.kind === 'stream') return (body.length ?? 0) > maxBodyBytes;
  return false;
}

export async function callUpstream(
  call: UpstreamCall,
  limits: UpstreamLimits,
): Promise<UpstreamOutcome> {
  if (declaredTooLarge(call.body, limits.maxBodyBytes)) return { kind: 'too-large' };
  const controller = new AbortController();
  const state = { timedOut: false, tooLarge: false };
  let timer: NodeJS.Timeout | undefined;
  const startClock = () => {
    timer ??= setTimeout(() => {
      state.timedOut = true;
      controller.abort();
    }, limits.timeoutMs);
  };
  const onClientGone = () => controller.abort();
  limits.signal?.addEventListener('abort', onClientGone, { once: true });
  const settle = () => {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', onClientGone);
  };
  const failure = (error: unknown): UpstreamFailure => {
    settle();
    if (state.tooLarge) return { kind: 'too-large' };
    if (state.timedOut) return { kind: 'timeout' };
    if (limits.signal?.aborted) return { kind: 'cancelled' };
    return { kind: 'unreachable', error };
  };

  let body: Uint8Array | AsyncIterable<Uint8Array> | undefined;
  if (call.body.kind === 'stream') {
    body = capped(call.body.stream, limits.maxBodyBytes, {
      onExceeded: () => (state.tooLarge = true),
      onEnd: startClock,
    });
  } else {
    body = call.body.kind === 'bytes' ? call.body.bytes : undefined;
    startClock();
  }

  let response: Response;
  try {
    response = await limits.fetch(call.url, {
      method: call.method,
      headers: call.headers,
      body,
      signal: controller.signal,
      // A redirect is the upstream's answer to pass on, never a hop to another origin.
      redirect: 'manual',
      duplex: 'half',
    });
  } catch (error) {
    return failure(error);
  }
  // The upstream may answer before it has read the whole body.
  startClock();

  return {
    kind: 'response',
    response,
    settle,
    async readAll(maxBytes) {
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of response.body ?? []) {
          size += chunk.length;
          if (size > maxBytes) {
            controller.abort();
            settle();
            return { kind: 'reply-too-large' };
          }
          chunks.push(chunk);
        }
      } catch (error) {
        return failure(error);
      }
      settle();
      return { kind: 'body', bytes: Buffer.concat(chunks) };
    },
  };
}

async function* capped(
  source: AsyncIterable<Uint8Array>,
  maxBytes: number,
  on: { onExceeded: () => void; onEnd: () => void },
): AsyncGenerator<Uint8Array> {
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > maxBytes) {
      on.onExceeded();
      throw new Error(`Request body over ${maxBytes} bytes`);
    }
    yield chunk;
  }
  on.onEnd();
}
