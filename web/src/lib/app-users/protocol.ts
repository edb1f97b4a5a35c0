import * as z from 'zod/mini';
import { userSchema } from '@contracts/upstream/upstream';
import { listOf } from '@contracts/upstream/upstream-values';
import { createApiClient, isApiError, type ApiClient, type ApiErrorKind } from '../api/api-client';
import type { Logger } from '../logger';
import { packAppUsers, transferablesOf, type PackedAppUsers, type PackedText } from './packed';

/**
 * What the page and the app-users worker say to each other, and the load itself. The worker runs
 * the app's own API client (same envelope handling, same zod schema), so there is still one
 * client; only the token crosses in, and the packed list or the failure crosses back. The page
 * loads this module with its first load of the list, beside the download: the schemas are not
 * part of any first screen.
 */

/** GET /admin/user: every readable app user, newest first and packed. */
export async function fetchPackedAppUsers(
  api: ApiClient,
  signal?: AbortSignal,
): Promise<PackedAppUsers> {
  const users = await api.request({ path: '/admin/user', payload: listOf(userSchema), signal });
  return packAppUsers(users.items, users.skipped);
}

const packedTextSchema: z.ZodMiniType<PackedText> = z.object({
  text: z.string(),
  ends: z.instanceof(Uint32Array<ArrayBuffer>),
});

export const packedAppUsersSchema: z.ZodMiniType<PackedAppUsers> = z
  .object({
    count: z.int().check(z.nonnegative()),
    skipped: z.int().check(z.nonnegative()),
    ids: z.instanceof(Float64Array<ArrayBuffer>),
    devices: z.instanceof(Uint32Array<ArrayBuffer>),
    nameRanks: z.instanceof(Uint32Array<ArrayBuffer>),
    names: packedTextSchema,
    emails: packedTextSchema,
    images: packedTextSchema,
  })
  .check(
    z.refine(
      (p) =>
        [p.ids, p.devices, p.nameRanks, p.names.ends, p.emails.ends, p.images.ends].every(
          (column) => column.length === p.count,
        ),
      { error: 'every column holds one value per user' },
    ),
  );

export const loadRequestSchema = z.object({
  type: z.literal('load'),
  token: z.nullable(z.string()),
});
export type LoadRequest = z.infer<typeof loadRequestSchema>;

const API_ERROR_KINDS = [
  'rejected',
  'unauthorized',
  'network',
  'invalid-reply',
  'held',
] as const satisfies readonly ApiErrorKind[];

export const workerReplySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('loaded'), users: packedAppUsersSchema }),
  z.object({
    type: z.literal('failed'),
    kind: z.enum(API_ERROR_KINDS),
    lines: z.array(z.string()),
    status: z.optional(z.number()),
  }),
  z.object({
    type: z.literal('log'),
    level: z.enum(['info', 'warn', 'error']),
    message: z.string(),
    detail: z.optional(z.unknown()),
  }),
]);
export type WorkerReply = z.infer<typeof workerReplySchema>;

export interface WorkerSide {
  fetch: typeof fetch;
  post: (reply: WorkerReply, transfer?: Transferable[]) => void;
}

/** Cloning can fail on exotic values; a log line must never break the load. */
function cloneable(detail: unknown): unknown {
  try {
    return structuredClone(detail);
  } catch {
    return String(detail);
  }
}

/** The worker's whole job: one request in, one `loaded` or `failed` out (plus log lines). */
export async function answerLoadRequest(message: unknown, side: WorkerSide): Promise<void> {
  const request = loadRequestSchema.safeParse(message);
  if (!request.success) {
    side.post({ type: 'failed', kind: 'invalid-reply', lines: [] });
    return;
  }
  const log =
    (level: 'info' | 'warn' | 'error') =>
    (text: string, detail?: unknown): void =>
      side.post({ type: 'log', level, message: text, detail: cloneable(detail) });
  const logger: Logger = { info: log('info'), warn: log('warn'), error: log('error') };
  const api = createApiClient({
    fetch: side.fetch,
    getToken: () => request.data.token,
    // The page hears of it through the `failed` reply and ends the session there.
    onUnauthorized: () => {},
    logger,
  });
  try {
    const users = await fetchPackedAppUsers(api);
    side.post({ type: 'loaded', users }, transferablesOf(users));
  } catch (error) {
    if (isApiError(error)) {
      side.post({
        type: 'failed',
        kind: error.kind,
        lines: error.lines,
        ...(error.status === undefined ? {} : { status: error.status }),
      });
    } else {
      logger.error('Loading the users failed', error instanceof Error ? error.message : error);
      side.post({ type: 'failed', kind: 'invalid-reply', lines: [] });
    }
  }
}
