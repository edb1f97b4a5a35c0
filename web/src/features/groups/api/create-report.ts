import { reportSchema } from '@contracts/upstream';
import type { ApiClient } from '@/lib/api/api-client';

export interface ReportInput {
  user_id: number;
  title: string;
  description: string;
  url: string;
}

/** POST /admin/user-report: one invoice/report link for one user. */
export const createReport = (api: ApiClient, input: ReportInput, signal?: AbortSignal) =>
  api.request({
    method: 'POST',
    path: '/admin/user-report',
    body: input,
    payload: reportSchema,
    signal,
  });
