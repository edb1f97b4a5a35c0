/**
 * How a request reaches the `api` function: fetch for every call, XMLHttpRequest for uploads
 * (it alone reports upload progress). Each hands back the status and the body's text, or throws
 * NoReply when no answer came (an abort stays an AbortError).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1, or undefined when the total is unknown. */
  fraction: number | undefined;
}

export interface TransportRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  body: BodyInit | undefined;
  signal: AbortSignal | undefined;
  keepalive: boolean;
  onUploadProgress: ((progress: UploadProgress) => void) | undefined;
}

export interface TransportReply {
  status: number;
  text: string;
}

/** Thrown by a transport when no reply arrived. */
export class NoReply extends Error {}

export type XhrFactory = () => XMLHttpRequest;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function fetchTransport(fetchImpl: typeof fetch) {
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

export function xhrTransport(createXhr: XhrFactory) {
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
