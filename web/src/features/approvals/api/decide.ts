import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  changeDecisionPath,
  rejectionInputSchema,
  type Decision,
} from '@contracts/changes/changes';
import { isApiError, type ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';

export interface DecideInput {
  id: string;
  decision: Decision;
  /** A rejection's reason (required for one, sent with no other decision). */
  reason?: string;
}

/**
 * POST /api/changes/{id}/{decision}: approve or reject (an approver), withdraw (the requester).
 * Nothing is read back: the request's new status arrives live from the database.
 */
export async function decide(api: ApiClient, { id, decision, reason }: DecideInput) {
  const body = decision === 'reject' ? rejectionInputSchema.parse({ reason }) : undefined;
  await api.write({
    method: 'POST',
    path: changeDecisionPath(id, decision),
    body,
    payload: z.unknown(),
  });
}

/** 409: the request no longer waits for a decision (another admin or the clock came first). */
export const alreadyDecided = (error: unknown): boolean =>
  isApiError(error) && error.status === 409;

export function useDecide() {
  const api = useApi();
  return useMutation({ mutationFn: (input: DecideInput) => decide(api, input) });
}
