import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCapabilities } from '@/lib/api/capabilities';
import { lazyZodResolver, loadZodResolver } from '@/lib/lazy-resolver';
import { whenIdle } from '@/lib/when-idle';
import { useServices } from '@/lib/services';
import { AuthHeading } from './components/auth-heading';
import { AuthLayout } from './components/auth-layout';
import { FormStatus } from './components/form-status';
import type { LoginInput } from './schemas';

// The schema and the sign-in code (zod, the API client's reply parsing) are not needed to paint
// this page: they load while the user types.
const loadSchema = () => import('./schemas').then((module) => module.loginSchema);
const loadFlow = () => import('./login-flow');

const linkClass =
  'rounded font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none';

export function LoginPage() {
  const { t } = useTranslation();
  // The optional links wait for the capabilities, so none appears only to vanish.
  const capabilities = useCapabilities();
  const services = useServices();
  const [status, setStatus] = useState<string[] | null>(null);
  const form = useForm<LoginInput>({
    resolver: lazyZodResolver(loadSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const submitting = form.formState.isSubmitting;

  useEffect(
    () =>
      whenIdle(() => {
        void loadSchema();
        void loadZodResolver();
        void loadFlow();
      }),
    [],
  );

  const submit = form.handleSubmit(async (values) => {
    setStatus(null);
    const { submitLogin, toast } = await loadFlow();
    const outcome = await submitLogin(services, values, () =>
      toast.warning(t('SESSION.REALTIME_UNAVAILABLE')),
    );
    // A refusal shows the invalid-login message; a network failure, which the
    // original hid, is shown too. On success the route guard opens the app.
    if (outcome === 'rejected') setStatus([t('AUTH.VALIDATION.INVALID_LOGIN')]);
    if (outcome === 'failed') setStatus([t('AUTH.VALIDATION.SOMETHING_WENT_WRONG')]);
  });

  return (
    <AuthLayout>
      <AuthHeading title={t('AUTH.LOGIN.TITLE')} description={t('AUTH.LOGIN.DESC')} />
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
        <FormStatus lines={status} />
        <TextField
          form={form}
          name="email"
          type="email"
          label={t('AUTH.INPUT.EMAIL')}
          autoComplete="username"
          placeholder="name@example.com"
        />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('AUTH.INPUT.PASSWORD')}
          autoComplete="current-password"
          labelAside={
            capabilities?.passwordRequest ? (
              <Link href="~/auth/forgot-password" className={`text-[13px] ${linkClass}`}>
                {t('AUTH.GENERAL.FORGOT_BUTTON')}
              </Link>
            ) : undefined
          }
        />
        <Button
          type="submit"
          size="lg"
          className="mt-1 w-full"
          disabled={submitting}
          aria-busy={submitting}
          data-testid="login-submit"
        >
          {submitting ? <Spinner /> : null}
          {t('AUTH.LOGIN.BUTTON')}
        </Button>
      </form>
      {capabilities?.registration ? (
        <p className="mt-8 text-center text-sm text-muted-foreground">
          {t('AUTH.GENERAL.NO_ACCOUNT')}{' '}
          <Link href="~/auth/registration" className={linkClass}>
            {t('AUTH.GENERAL.SIGNUP_BUTTON')}
          </Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
