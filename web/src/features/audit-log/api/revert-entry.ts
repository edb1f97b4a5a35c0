import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  revertConflictSchema,
  revertInputSchema,
  revertPathOf,
  type RevertConflict,
  type RevertibleAction,
} from '@contracts/changes/revert';
import { isApiError, type ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { auditKeys } from './audit-store';

export interface RevertEntryInput {
  /** The audit entry's key. */
  key: string;
  action: RevertibleAction;
  /** Revert even though the record changed since the entry (the admin saw the three values). */
  confirmed: boolean;
}

/**
 * POST /api/audit/{key}/revert: the values before the entry's change, sent back as a new change
 * (the change policy may hold it: ApiError kind 'held'; a record changed since: 409, see
 * `revertConflictOf`).
 */
export async function revertEntry(api: ApiClient, { key, confirmed }: RevertEntryInput) {
  const body = revertInputSchema.parse({ confirmed });
  return api.write({ method: 'POST', path: revertPathOf(key), body, payload: z.unknown() });
}

/** The three values of a 409 to a revert not confirmed; null for any other failure. */
export function revertConflictOf(error: unknown): RevertConflict | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const reply = revertConflictSchema.safeParse(error.payload);
  return reply.success ? reply.data.conflict : null;
}

/**
 * The cached lists a revert changes, by the screen's own query key (a feature does not import
 * another: the keys are named here as those screens name them).
 */
const CHANGED_LISTS: Record<RevertibleAction, QueryKey> = {
  'prices.save': ['prices'],
  'announcement.update': ['announcements'],
  'group.update': ['groups'],
  'complaint.status': ['complaints'],
};

/**
 * A revert; whatever its end, the log's pages are read again (a revert or a request for one is
 * a new entry), and a revert made reads the changed screen's lists again.
 */
export function useRevertEntry() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RevertEntryInput) => revertEntry(api, input),
    // Not waited for: the dialog closes as soon as the reply is in.
    onSuccess: (_reply, input) =>
      void queryClient.invalidateQueries({ queryKey: CHANGED_LISTS[input.action] }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: auditKeys.all }),
  });
}
