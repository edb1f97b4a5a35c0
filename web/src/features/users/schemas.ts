import * as z from 'zod/mini';

/**
 * The invoice form (Add and Edit): one schema for the form and the request it sends. Limits are
 * the upstream's (dev/api/README.md); messages are translation keys, translated where shown.
 */
export const INVOICE_LIMITS = { title: 255, description: 5000, url: 2048 } as const;

export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const invoiceFormSchema = z.object({
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'MESSAGES.TITLE_REQUIRED' }),
      z.maxLength(INVOICE_LIMITS.title, { error: 'users:VALIDATION.TITLE_TOO_LONG' }),
    ),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'MESSAGES.DESCRIPTION_REQUIRED' }),
      z.maxLength(INVOICE_LIMITS.description, { error: 'users:VALIDATION.DESCRIPTION_TOO_LONG' }),
    ),
  // Optional: an invoice needs only a title and a description; '' is no link.
  url: z.string().check(
    z.trim(),
    z.maxLength(INVOICE_LIMITS.url, { error: 'users:VALIDATION.URL_TOO_LONG' }),
    z.refine((url) => url === '' || isWebAddress(url), {
      error: 'users:VALIDATION.URL_INVALID',
    }),
  ),
});
export type InvoiceFormInput = z.input<typeof invoiceFormSchema>;

/**
 * The user the invoice view is about. It arrives in the navigation state: the
 * upstream has no call that reads one user.
 */
export const invoiceUserSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  email: z.string(),
  image: z.string(),
});
export type InvoiceUser = z.infer<typeof invoiceUserSchema>;

export const viewUserStateSchema = z.object({ user: invoiceUserSchema });
export type ViewUserState = z.infer<typeof viewUserStateSchema>;

/**
 * The user of the invoice view: the navigation state's, when it names the user of the path.
 * History state outlives a reload, so a reload of the page keeps its user.
 */
export function userFromState(state: unknown, pathId: string): InvoiceUser | null {
  const parsed = viewUserStateSchema.safeParse(state);
  if (!parsed.success || String(parsed.data.user.id) !== pathId) return null;
  return parsed.data.user;
}
