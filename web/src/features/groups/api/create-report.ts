import { reportSchema } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';

export interface ReportInput {
  user_id: number;
  title: string;
  description: string;
  /** null for none. */
  url: string | null;
}

/** POST /admin/user-report: one invoice/report link for one user. */
export const createReport = async (api: ApiClient, input: ReportInput, signal?: AbortSignal) =>
  (
    await api.write({
      method: 'POST',
      path: '/admin/user-report',
      body: input,
      payload: reportSchema,
      signal,
    })
  ).payload;
