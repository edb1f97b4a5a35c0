import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { TextField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-client';
import { useCapabilities } from '@/lib/api/capabilities';
import { useRegister } from './api/register';
import { AuthHeading } from './components/auth-heading';
import { AuthLayout } from './components/auth-layout';
import { FormStatus } from './components/form-status';
import { NotOffered } from './components/not-offered';
import { registrationSchema, type RegistrationInput } from './schemas';

const linkClass =
  'rounded font-medium text-primary hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none';

/**
 * /auth/registration. The API creates an app-user account (role 'user'); only admins may enter
 * this back-office, so success says so and leads back to sign-in instead of signing in.
 */
export function RegistrationPage() {
  const { t } = useTranslation();
  if (useCapabilities()?.registration === false) {
    return <NotOffered title={t('AUTH.REGISTER.TITLE')} text={t('AUTH.REGISTER.NOT_OFFERED')} />;
  }
  return <RegistrationForm />;
}

function RegistrationForm() {
  const { t } = useTranslation();
  const register = useRegister();
  const [status, setStatus] = useState<string[] | null>(null);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const form = useForm<RegistrationInput>({
    resolver: zodResolver(registrationSchema),
    mode: 'onTouched',
    defaultValues: {
      fullname: '',
      email: '',
      username: '',
      password: '',
      changepassword: '',
      acceptTerms: false,
    },
  });
  const submitting = form.formState.isSubmitting;
  const accepted = useWatch({ control: form.control, name: 'acceptTerms' });

  const submit = form.handleSubmit(async (values) => {
    setStatus(null);
    try {
      const reply = await register(values);
      setRegisteredEmail(reply.user.email);
    } catch (error) {
      // The server's reason when it gives one (e.g. the e-mail is taken), else the
      // invalid-login message; a network failure says so.
      if (isApiError(error) && error.kind === 'rejected') {
        setStatus(error.lines.length > 0 ? error.lines : [t('AUTH.VALIDATION.INVALID_LOGIN')]);
      } else {
        setStatus([t('AUTH.VALIDATION.SOMETHING_WENT_WRONG')]);
      }
    }
  });

  if (registeredEmail !== null) {
    return (
      <AuthLayout>
        <AuthHeading title={t('AUTH.REGISTER.SUCCESS_TITLE')} />
        <div className="grid gap-6">
          <FormStatus
            variant="success"
            lines={[
              t('AUTH.REGISTER.SUCCESS', { email: registeredEmail }),
              t('AUTH.REGISTER.ADMINS_ONLY'),
            ]}
          />
          <Button asChild size="lg" className="w-full">
            <Link href="~/auth/login">{t('AUTH.GENERAL.BACK_TO_LOGIN')}</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <AuthHeading title={t('AUTH.REGISTER.TITLE')} description={t('AUTH.REGISTER.DESC')} />
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
        <FormStatus lines={status} />
        <TextField
          form={form}
          name="fullname"
          label={t('AUTH.INPUT.FULLNAME')}
          autoComplete="name"
        />
        <TextField
          form={form}
          name="email"
          type="email"
          label={t('AUTH.INPUT.EMAIL')}
          autoComplete="email"
        />
        <TextField
          form={form}
          name="username"
          label={t('AUTH.INPUT.USERNAME')}
          autoComplete="username"
        />
        <TextField
          form={form}
          name="password"
          type="password"
          label={t('AUTH.INPUT.PASSWORD')}
          autoComplete="new-password"
        />
        <TextField
          form={form}
          name="changepassword"
          type="password"
          label={t('AUTH.INPUT.CONFIRM_PASSWORD')}
          autoComplete="new-password"
        />
        <FormField
          control={form.control}
          name="acceptTerms"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-start gap-3">
                <FormControl>
                  <Checkbox
                    ref={field.ref}
                    name={field.name}
                    checked={field.value}
                    onCheckedChange={(checked) => field.onChange(checked === true)}
                    onBlur={field.onBlur}
                    className="mt-0.5"
                  />
                </FormControl>
                <FormLabel className="block leading-snug font-normal text-muted-foreground select-auto">
                  <Trans
                    i18nKey="AUTH.REGISTER.AGREE"
                    components={{
                      terms: (
                        // eslint-disable-next-line jsx-a11y/anchor-has-content -- text comes from Trans
                        <a href="/terms" target="_blank" rel="noopener" className={linkClass} />
                      ),
                    }}
                  />
                </FormLabel>
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="mt-2 grid grid-cols-2 gap-3">
          <Button asChild variant="outline" size="lg">
            <Link href="~/auth/login">{t('AUTH.GENERAL.CANCEL')}</Link>
          </Button>
          <Button
            type="submit"
            size="lg"
            disabled={submitting || !form.formState.isValid || !accepted}
            aria-busy={submitting}
            data-testid="registration-submit"
          >
            {submitting ? <Spinner /> : null}
            {t('AUTH.GENERAL.SUBMIT_BUTTON')}
          </Button>
        </div>
      </form>
    </AuthLayout>
  );
}
