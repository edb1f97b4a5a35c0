import { z } from 'zod';
import { AUTH_FIELD_MAX, AUTH_FIELD_MIN } from '@/lib/constants';

/**
 * One schema per form, used by the form (zodResolver) and by the request it sends. Messages are
 * translation keys (SPEC section 5), translated where they are shown.
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
  z
    .string()
    .min(1, { error: required })
    .pipe(
      z
        .string()
        .min(AUTH_FIELD_MIN, { error: AUTH_MESSAGES.min })
        .max(AUTH_FIELD_MAX, { error: AUTH_MESSAGES.max }),
    );

/** Required, then an e-mail address of 3 to 50 characters. */
const email = () =>
  z
    .string()
    .min(1, { error: AUTH_MESSAGES.required })
    .pipe(
      z
        .email({ error: AUTH_MESSAGES.emailFormat })
        .min(AUTH_FIELD_MIN, { error: AUTH_MESSAGES.min })
        .max(AUTH_FIELD_MAX, { error: AUTH_MESSAGES.max }),
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
    changepassword: z.string().min(1, { error: AUTH_MESSAGES.required }),
    acceptTerms: z.boolean().refine((accepted) => accepted, { error: AUTH_MESSAGES.acceptTerms }),
  })
  .refine((form) => form.password === form.changepassword, {
    path: ['changepassword'],
    error: AUTH_MESSAGES.mismatch,
  });
export type RegistrationInput = z.input<typeof registrationSchema>;

export const forgotPasswordSchema = z.object({ email: email() });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: boundedText(AUTH_MESSAGES.newPasswordRequired),
    cPassword: z.string().min(1, { error: AUTH_MESSAGES.confirmationRequired }),
  })
  .refine((form) => form.password === form.cPassword, {
    path: ['cPassword'],
    error: AUTH_MESSAGES.mismatch,
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
