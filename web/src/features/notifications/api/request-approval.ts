import { useMutation } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { CHANGE_REQUESTS_PATH, changeRequestInputSchema } from '@contracts/changes/changes';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import type { AlertDraft } from '../schemas';

export interface ApprovalInput {
  /** The push as the composer would write it (its image URL included). */
  draft: AlertDraft;
  /** When to send it (UTC ms); none: as soon as it is approved. */
  sendAt: number | null;
}

const requestedSchema = z.object({ id: z.string() });

/**
 * POST /api/changes: a push to everyone that the policy holds for a second admin. Nothing is
 * written to the database here (the rules would refuse it): the functions keep the request,
 * and make the push once another admin approves it. Resolves with the request's id.
 */
export async function requestApproval(api: ApiClient, { draft, sendAt }: ApprovalInput) {
  const body = changeRequestInputSchema.parse({
    kind: 'push',
    title: draft.title,
    description: draft.description,
    image: draft.image,
    ...(sendAt === null ? {} : { sendAt }),
  });
  const reply = await api.write({
    method: 'POST',
    path: CHANGE_REQUESTS_PATH,
    body,
    payload: requestedSchema,
  });
  return reply.payload?.id;
}

export function useRequestApproval() {
  const api = useApi();
  return useMutation({ mutationFn: (input: ApprovalInput) => requestApproval(api, input) });
}
