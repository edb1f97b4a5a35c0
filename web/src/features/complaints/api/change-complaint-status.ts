import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { ComplaintStatus } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { complaintKeys } from './get-complaints';

export interface ChangeComplaintStatusInput {
  complaintId: number;
  status: ComplaintStatus;
}

/** POST /api/admin/user-complaint-change-status: any status may follow any other. */
export async function changeComplaintStatus(
  api: ApiClient,
  { complaintId, status }: ChangeComplaintStatusInput,
): Promise<void> {
  await api.write({
    method: 'POST',
    path: '/admin/user-complaint-change-status',
    body: { complaint_id: complaintId, status },
    payload: z.unknown(),
  });
}

export function useChangeComplaintStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeComplaintStatusInput) => changeComplaintStatus(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
