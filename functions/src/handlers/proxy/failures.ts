import type { AuditEntry } from '../../contracts/index.js';
import {
  failureReply,
  jsonReply,
  MESSAGES,
  type ProxyReply,
  type UpstreamFailure,
  type UpstreamLimits,
} from '../upstream/index.js';
import { openAuditEntry, type AuditDeps, type OpenedEntry } from '../audit/index.js';
import type { ProxyDeps } from './types.js';

export function upstreamFailure(
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

/**
 * A change's entry, opened before the change is made; or, when it cannot be written, the reply
 * refusing the change (logged), so that no change is made unrecorded.
 */
export async function openEntryOrRefuse(
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

export function limitsOf(deps: ProxyDeps, signal: AbortSignal | undefined): UpstreamLimits {
  return { fetch: deps.fetch, timeoutMs: deps.timeoutMs, maxBodyBytes: deps.maxBodyBytes, signal };
}

export function bytesReply(
  status: number,
  headers: Record<string, string>,
  body: Buffer,
): ProxyReply {
  return { status, headers: { ...headers, 'content-length': String(body.length) }, body };
}

export function methodNotAllowed(allow: string): ProxyReply {
  return jsonReply(
    405,
    { metadata: { success: 0, message: MESSAGES.methodNotAllowed }, payload: null },
    { allow },
  );
}

export function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** fetch hides the reason behind "fetch failed"; the cause says what happened. */
function describe(error: unknown): string {
  if (error instanceof Error && error.cause !== undefined)
    return `${error.message}: ${describe(error.cause)}`;
  return String(error);
}
