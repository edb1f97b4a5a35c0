import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { responseFormSchema, type ResponseFormInput } from '../schemas';
import { complaintKeys } from './get-complaints';

export interface RespondToComplaintInput extends ResponseFormInput {
  complaintId: number;
}

/** POST /api/admin/complaint/{id}/response: the admin's answer, shown in the Message column. */
export async function respondToComplaint(
  api: ApiClient,
  { complaintId, ...form }: RespondToComplaintInput,
): Promise<void> {
  await api.write({
    method: 'POST',
    path: `/admin/complaint/${complaintId}/response`,
    body: responseFormSchema.parse(form),
    payload: z.unknown(),
  });
}

export function useRespondToComplaint() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RespondToComplaintInput) => respondToComplaint(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
