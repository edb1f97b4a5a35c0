import { describe, expect, it } from 'vitest';
import {
  forgotPasswordSchema,
  loginSchema,
  registrationSchema,
  resetPasswordSchema,
} from './schemas';

/** The first message per field, as the form shows it. */
function firstErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

const long = `${'a'.repeat(45)}@x.com`;

describe('login validation', () => {
  it('requires both fields with AUTH.VALIDATION.REQUIRED_FIELD', () => {
    expect(firstErrors(loginSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'AUTH.VALIDATION.REQUIRED_FIELD',
      password: 'AUTH.VALIDATION.REQUIRED_FIELD',
    });
  });

  it('checks the e-mail format, then 3 to 50 characters', () => {
    expect(firstErrors(loginSchema.safeParse({ email: 'ab', password: 'abc' }))).toEqual({
      email: 'AUTH.VALIDATION.WRONG_EMAIL_FORMAT',
    });
    expect(firstErrors(loginSchema.safeParse({ email: `x${long}`, password: 'abc' }))).toEqual({
      email: 'AUTH.VALIDATION.MAX_SYMBOLS',
    });
  });

  it('wants a password of 3 to 50 characters', () => {
    expect(firstErrors(loginSchema.safeParse({ email: 'a@b.co', password: 'ab' }))).toEqual({
      password: 'AUTH.VALIDATION.MIN_SYMBOLS',
    });
    expect(
      firstErrors(loginSchema.safeParse({ email: 'a@b.co', password: 'p'.repeat(51) })),
    ).toEqual({ password: 'AUTH.VALIDATION.MAX_SYMBOLS' });
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'abc' }).success).toBe(true);
  });
});

describe('registration validation', () => {
  const valid = {
    fullname: 'Ann Lee',
    email: 'ann@example.com',
    username: 'annlee',
    password: 'secret',
    changepassword: 'secret',
    acceptTerms: true,
  };

  it('accepts a complete form', () => {
    expect(registrationSchema.safeParse(valid).success).toBe(true);
  });

  it('requires every field', () => {
    expect(
      firstErrors(
        registrationSchema.safeParse({
          fullname: '',
          email: '',
          username: '',
          password: '',
          changepassword: '',
          acceptTerms: false,
        }),
      ),
    ).toEqual({
      fullname: 'AUTH.VALIDATION.REQUIRED_FIELD',
      email: 'AUTH.VALIDATION.REQUIRED_FIELD',
      username: 'AUTH.VALIDATION.REQUIRED_FIELD',
      password: 'AUTH.VALIDATION.REQUIRED_FIELD',
      changepassword: 'AUTH.VALIDATION.REQUIRED_FIELD',
      acceptTerms: 'AUTH.VALIDATION.ACCEPT_TERMS',
    });
  });

  it('bounds full name, user name and password to 3 to 50 characters', () => {
    for (const field of ['fullname', 'username', 'password'] as const) {
      const short = {
        ...valid,
        [field]: 'ab',
        changepassword: field === 'password' ? 'ab' : 'secret',
      };
      expect(firstErrors(registrationSchema.safeParse(short))[field]).toBe(
        'AUTH.VALIDATION.MIN_SYMBOLS',
      );
      const longer = 'x'.repeat(51);
      const over = {
        ...valid,
        [field]: longer,
        changepassword: field === 'password' ? longer : 'secret',
      };
      expect(firstErrors(registrationSchema.safeParse(over))[field]).toBe(
        'AUTH.VALIDATION.MAX_SYMBOLS',
      );
    }
  });

  it('checks the e-mail format', () => {
    expect(
      firstErrors(registrationSchema.safeParse({ ...valid, email: 'ann.example.com' })),
    ).toEqual({
      email: 'AUTH.VALIDATION.WRONG_EMAIL_FORMAT',
    });
  });

  it('wants the confirmation to match the password', () => {
    expect(
      firstErrors(registrationSchema.safeParse({ ...valid, changepassword: 'other' })),
    ).toEqual({
      changepassword: 'AUTH.VALIDATION.PASSWORD_MISMATCH',
    });
  });

  it('wants the terms accepted', () => {
    expect(firstErrors(registrationSchema.safeParse({ ...valid, acceptTerms: false }))).toEqual({
      acceptTerms: 'AUTH.VALIDATION.ACCEPT_TERMS',
    });
  });
});

describe('password reset validation', () => {
  it('names each missing field', () => {
    expect(firstErrors(resetPasswordSchema.safeParse({ password: '', cPassword: '' }))).toEqual({
      password: 'AUTH.VALIDATION.NEW_PASSWORD_REQUIRED',
      cPassword: 'AUTH.VALIDATION.CONFIRMATION_REQUIRED',
    });
  });

  it('wants the confirmation to match', () => {
    expect(
      firstErrors(resetPasswordSchema.safeParse({ password: 'secret', cPassword: 'secreT' })),
    ).toEqual({
      cPassword: 'AUTH.VALIDATION.PASSWORD_MISMATCH',
    });
    expect(resetPasswordSchema.safeParse({ password: 'secret', cPassword: 'secret' }).success).toBe(
      true,
    );
  });
});

describe('forgot password validation', () => {
  it('wants an e-mail address', () => {
    expect(firstErrors(forgotPasswordSchema.safeParse({ email: '' }))).toEqual({
      email: 'AUTH.VALIDATION.REQUIRED_FIELD',
    });
    expect(firstErrors(forgotPasswordSchema.safeParse({ email: 'nope' }))).toEqual({
      email: 'AUTH.VALIDATION.WRONG_EMAIL_FORMAT',
    });
  });
});
