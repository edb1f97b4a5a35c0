import type { RequestBody } from '../upstream/index.js';

/**
 * The request body as JSON, or undefined when there is none, it is too large or not JSON (the
 * handler's schema then refuses it).
 */
export async function readJsonBody(body: RequestBody, maxBytes: number): Promise<unknown> {
  let bytes: Buffer;
  if (body.kind === 'none') return undefined;
  if (body.kind === 'bytes') {
    bytes = Buffer.from(body.bytes);
  } else {
    const chunks: Buffer[] = [];
    let length = 0;
    for await (const chunk of body.stream) {
      length += chunk.length;
      if (length > maxBytes) return undefined;
      chunks.push(Buffer.from(chunk));
    }
    bytes = Buffer.concat(chunks);
  }
  if (bytes.length > maxBytes) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
