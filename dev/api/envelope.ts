import type { EnvelopeMessage } from '../../functions/src/contracts/upstream/envelope.js';

/** Every reply of the API, success or failure: `{metadata: {success, message}, payload}`. */
export interface Envelope<T> {
  metadata: { success: 0 | 1; message: EnvelopeMessage };
  payload: T;
}

export function ok<T>(payload: T, message = ''): Envelope<T> {
  return { metadata: { success: 1, message }, payload };
}

export function fail(message: EnvelopeMessage): Envelope<null> {
  return { metadata: { success: 0, message }, payload: null };
}

/** A failure the client is told about: its HTTP status and the envelope's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly reply: EnvelopeMessage,
  ) {
    super(typeof reply === 'string' ? reply : JSON.stringify(reply));
  }
}

/** Laravel's `ValidationException`: HTTP 422 with a list of messages per field. */
export class ValidationError extends ApiError {
  constructor(readonly fields: Record<string, string[]>) {
    super(422, fields);
  }
}

export const notFound = (name: string) => new ApiError(404, `The requested ${name} is not found`);
export const badRequest = (message: string) => new ApiError(400, message);
export const unauthenticated = () => new ApiError(401, 'Unauthenticated.');
export const forbidden = () => new ApiError(403, 'This action is unauthorized.');
