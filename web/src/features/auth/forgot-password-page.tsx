import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-client';
import { useCapabilities } from '@/lib/api/capabilities';
import { useRequestPasswordReset } from './api/request-password-reset';
import { AuthHeading } from './components/auth-heading';
import { AuthLayout } from './components/auth-layout';
import { FormStatus } from './components/form-status';
import { NotOffered } from './components/not-offered';
import { forgotPasswordSchema, type ForgotPasswordInput } from './schemas';

/**
 * /auth/forgot-password: asks the API to e-mail a reset link; the link opens
 * /auth/forgot-password/:token/:email.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  if (useCapabilities()?.passwordRequest === false) {
    return <NotOffered title={t('AUTH.FORGOT.TITLE')} text={t('AUTH.FORGOT.NOT_OFFERED')} />;
  }
  return <ForgotPasswordForm />;
}

function ForgotPasswordForm() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [status, setStatus] = useState<string[] | null>(null);
  const [sentTo, setSentTo] = useState<{ email: string; lines: string[] } | null>(null);
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      const reply = await request(values);
      setSentTo({ email: values.email, lines: reply.messages });
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
      <AuthHeading title={t('AUTH.FORGOT.TITLE')} description={t('AUTH.FORGOT.DESC')} />
      {sentTo ? (
        <div className="grid gap-6">
          <FormStatus
            variant="success"
            lines={
              sentTo.lines.length > 0
                ? sentTo.lines
                : [t('AUTH.FORGOT.SENT', { email: sentTo.email })]
            }
          />
          <Button asChild size="lg" className="w-full">
            <Link href="~/auth/login">{t('AUTH.GENERAL.BACK_TO_LOGIN')}</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <FormStatus lines={status} />
          <TextField
            form={form}
            name="email"
            type="email"
            label={t('AUTH.INPUT.EMAIL')}
            autoComplete="email"
            placeholder="name@example.com"
          />
          <div className="grid grid-cols-2 gap-3">
            <Button asChild variant="outline" size="lg">
              <Link href="~/auth/login">{t('AUTH.GENERAL.CANCEL')}</Link>
            </Button>
            <Button type="submit" size="lg" disabled={submitting} aria-busy={submitting}>
              {submitting ? <Spinner /> : null}
              {t('AUTH.FORGOT.BUTTON')}
            </Button>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
