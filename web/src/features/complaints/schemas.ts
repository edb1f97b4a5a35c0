import * as z from 'zod/mini';

/** The upstream keeps at most this many characters of a response (dev/api/README.md). */
export const RESPONSE_MAX = 5000;

/** Messages are translation keys, translated where they are shown. */
export const responseFormSchema = z.object({
  response: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'complaints:VALIDATION.RESPONSE_REQUIRED' }),
      z.maxLength(RESPONSE_MAX, { error: 'complaints:VALIDATION.RESPONSE_TOO_LONG' }),
    ),
});
export type ResponseFormInput = z.input<typeof responseFormSchema>;
