import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-client';
import { toast } from '@/lib/toast';
import { useResetPassword } from './api/reset-password';
import { AuthHeading } from './components/auth-heading';
import { AuthLayout } from './components/auth-layout';
import { FormStatus } from './components/form-status';
import { resetPasswordSchema, type ResetPasswordInput } from './schemas';

function decodeParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * /auth/forgot-password/:token/:email: a new password and its confirmation.
 * Failure shows the server's message as the form status; success toasts it
 * and returns to sign-in.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const params = useParams<{ token: string; email: string }>();
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [status, setStatus] = useState<string[] | null>(null);
  const token = decodeParam(params.token);
  const email = decodeParam(params.email);
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', cPassword: '' },
  });
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      const reply = await reset({ ...values, token, email });
      toast.success(reply.messages.join(' ') || t('AUTH.RESET.SUCCESS'));
      navigate('~/auth/login');
    } catch (error) {
      setStatus(
        isApiError(error) && error.kind === 'rejected' && error.lines.length > 0
          ? error.lines
          : [t('AUTH.VALIDATION.SOMETHING_WENT_WRONG')],
      );
    }
  });

  return (
    <AuthLayout>
      <AuthHeading
        title={t('AUTH.RESET.TITLE')}
        description={email ? t('AUTH.RESET.DESC', { email }) : undefined}
      />
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
        <FormStatus lines={status} />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('AUTH.INPUT.NEW_PASSWORD')}
          autoComplete="new-password"
        />
        <TextField
          form={form}
          name="cPassword"
          type="password"
          label={t('AUTH.INPUT.CONFIRM_PASSWORD')}
          autoComplete="new-password"
        />
        <div className="grid grid-cols-2 gap-3">
          <Button asChild variant="outline" size="lg">
            <Link href="~/auth/login">{t('AUTH.GENERAL.CANCEL')}</Link>
          </Button>
          <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
            {submitting ? <Spinner /> : null}
            {t('AUTH.RESET.BUTTON')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
