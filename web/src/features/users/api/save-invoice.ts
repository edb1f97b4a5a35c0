import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reportSchema, type Report } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { invoiceFormSchema, type InvoiceFormInput } from '../schemas';
import { invoiceKeys } from './invoice-keys';

export interface SaveInvoiceInput {
  userId: number;
  /** The invoice edited; none for a new one. */
  invoiceId?: number;
  form: InvoiceFormInput;
}

/**
 * POST /api/admin/user-report (add) or POST /api/admin/user-report/{id}?_method=PUT (edit),
 * with user_id, title, description and url (null for no link).
 */
export async function saveInvoice(
  api: ApiClient,
  { userId, invoiceId, form }: SaveInvoiceInput,
): Promise<Report | undefined> {
  const { url, ...fields } = invoiceFormSchema.parse(form);
  const body = { user_id: userId, ...fields, url: url || null };
  const reply = await api.write({
    method: 'POST',
    ...(invoiceId === undefined
      ? { path: '/admin/user-report' }
      : { path: `/admin/user-report/${invoiceId}`, query: { _method: 'PUT' } }),
    body,
    payload: reportSchema,
  });
  return reply.payload;
}

export function useSaveInvoice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveInvoiceInput) => saveInvoice(api, input),
    onSuccess: (_report, input) =>
      queryClient.invalidateQueries({ queryKey: invoiceKeys.ofUser(input.userId) }),
  });
}
