import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { defaultRolesSchema, type DefaultRoles } from '@contracts/admins/admins';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorLines } from '@/lib/api/api-client';
import { toast } from '@/lib/toast';
import { useChangeDefaultRoles } from '../api/change-roles';
import { inRoleOrder, RoleChoices } from './role-choices';

/**
 * The roles an admin seen for the first time gets, saved on their own; none is read-only.
 * `saved` is undefined while the list is read.
 */
export function DefaultRolesCard({ saved }: { saved: DefaultRoles['roles'] | undefined }) {
  const { t } = useTranslation('admins');
  const change = useChangeDefaultRoles();
  const form = useForm<DefaultRoles>({
    resolver: zodResolver(defaultRolesSchema),
    values: { roles: inRoleOrder(saved ?? []) },
    // A refetch after another owner's save must not wipe what is being checked here.
    resetOptions: { keepDirtyValues: true },
  });
  const pending = change.isPending;

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await change.mutateAsync(values);
      } catch (error) {
        toast.error(errorLines(error, t));
        return;
      }
      toast.success(t('DEFAULTS.SAVED'));
      form.reset(values);
    },
    () => toast.error(t('ERRORS.UNKNOWN')),
  );

  return (
    <Card data-testid="default-roles">
      <CardHeader>
        <CardTitle>
          <h2>{t('DEFAULTS.TITLE')}</h2>
        </CardTitle>
        <CardDescription>{t('DEFAULTS.DESCRIPTION')}</CardDescription>
      </CardHeader>
      <CardContent>
        {saved === undefined ? (
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
            {Array.from({ length: 6 }, (_, at) => (
              <Skeleton key={at} className="h-[4.5rem]" />
            ))}
          </div>
        ) : (
          <form
            onSubmit={(event) => void submit(event)}
            noValidate
            className="grid gap-4"
            aria-busy={pending}
          >
            <Controller
              control={form.control}
              name="roles"
              render={({ field }) => (
                <RoleChoices
                  legend={t('DEFAULTS.TITLE')}
                  legendHidden
                  value={field.value}
                  onChange={field.onChange}
                  disabled={pending}
                  className="lg:[&_ul]:grid-cols-3"
                />
              )}
            />
            <div>
              <Button
                type="submit"
                disabled={pending || !form.formState.isDirty}
                aria-busy={pending}
              >
                {pending ? <Spinner /> : null}
                {t('DEFAULTS.SAVE')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
