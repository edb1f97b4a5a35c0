import * as z from 'zod/mini';
import { AUTH_FIELD_MAX, AUTH_FIELD_MIN } from '@/lib/constants';

/**
 * One schema per form, used by the form (zodResolver) and by the request it sends. Messages are
 * translation keys (docs/product.md, "Auth forms"), translated where they are shown.
 */

export const AUTH_MESSAGES = {
  required: 'AUTH.VALIDATION.REQUIRED_FIELD',
  emailFormat: 'AUTH.VALIDATION.WRONG_EMAIL_FORMAT',
  min: 'AUTH.VALIDATION.MIN_SYMBOLS',
  max: 'AUTH.VALIDATION.MAX_SYMBOLS',
  mismatch: 'AUTH.VALIDATION.PASSWORD_MISMATCH',
  acceptTerms: 'AUTH.VALIDATION.ACCEPT_TERMS',
  newPasswordRequired: 'AUTH.VALIDATION.NEW_PASSWORD_REQUIRED',
  confirmationRequired: 'AUTH.VALIDATION.CONFIRMATION_REQUIRED',
} as const;

/** Required, then 3 to 50 characters. */
const boundedText = (required: string = AUTH_MESSAGES.required) =>
  z.pipe(
    z.string().check(z.minLength(1, { error: required })),
    z
      .string()
      .check(
        z.minLength(AUTH_FIELD_MIN, { error: AUTH_MESSAGES.min }),
        z.maxLength(AUTH_FIELD_MAX, { error: AUTH_MESSAGES.max }),
      ),
  );

/** Required, then an e-mail address of 3 to 50 characters. */
const email = () =>
  z.pipe(
    z.string().check(z.minLength(1, { error: AUTH_MESSAGES.required })),
    z
      .email({ error: AUTH_MESSAGES.emailFormat })
      .check(
        z.minLength(AUTH_FIELD_MIN, { error: AUTH_MESSAGES.min }),
        z.maxLength(AUTH_FIELD_MAX, { error: AUTH_MESSAGES.max }),
      ),
  );

export const loginSchema = z.object({
  email: email(),
  password: boundedText(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registrationSchema = z
  .object({
    fullname: boundedText(),
    email: email(),
    username: boundedText(),
    password: boundedText(),
    changepassword: z.string().check(z.minLength(1, { error: AUTH_MESSAGES.required })),
    acceptTerms: z
      .boolean()
      .check(z.refine((accepted) => accepted, { error: AUTH_MESSAGES.acceptTerms })),
  })
  .check(
    z.refine((form) => form.password === form.changepassword, {
      path: ['changepassword'],
      error: AUTH_MESSAGES.mismatch,
    }),
  );
export type RegistrationInput = z.input<typeof registrationSchema>;

export const forgotPasswordSchema = z.object({ email: email() });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: boundedText(AUTH_MESSAGES.newPasswordRequired),
    cPassword: z.string().check(z.minLength(1, { error: AUTH_MESSAGES.confirmationRequired })),
  })
  .check(
    z.refine((form) => form.password === form.cPassword, {
      path: ['cPassword'],
      error: AUTH_MESSAGES.mismatch,
    }),
  );
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
