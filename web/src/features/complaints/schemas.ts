import { z } from 'zod';

/** The upstream keeps at most this many characters of a response (dev/api/README.md). */
export const RESPONSE_MAX = 5000;

/** Messages are translation keys, translated where they are shown. */
export const responseFormSchema = z.object({
  response: z
    .string()
    .trim()
    .min(1, { error: 'complaints:VALIDATION.RESPONSE_REQUIRED' })
    .max(RESPONSE_MAX, { error: 'complaints:VALIDATION.RESPONSE_TOO_LONG' }),
});
export type ResponseFormInput = z.input<typeof responseFormSchema>;
