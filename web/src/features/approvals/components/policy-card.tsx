import type { ParseKeys } from 'i18next';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { HOLD_REASONS, REQUEST_EXPIRY_HOURS, type HoldReason } from '@contracts/changes/changes';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { errorLines } from '@/lib/api/api-client';
import { useChangePolicy } from '@/lib/changes/use-change-policy';
import { useAllows } from '@/lib/roles/roles';
import { formatDateTime } from '@/lib/time';
import { toast } from '@/lib/toast';
import { useSavePolicy } from '../api/save-policy';
import { policyFormSchema, type PolicyFormInput } from '../schemas';

/** Each switch of the policy: what it holds, and what happens while it is off. */
const SWITCHES: Record<
  HoldReason,
  { label: ParseKeys<'approvals'>; hint: ParseKeys<'approvals'> }
> = {
  pushAll: { label: 'POLICY.PUSH_ALL', hint: 'POLICY.PUSH_ALL_HINT' },
  priceWarnings: { label: 'POLICY.PRICE_WARNINGS', hint: 'POLICY.PRICE_WARNINGS_HINT' },
  userDelete: { label: 'POLICY.USER_DELETE', hint: 'POLICY.USER_DELETE_HINT' },
  groupDelete: { label: 'POLICY.GROUP_DELETE', hint: 'POLICY.GROUP_DELETE_HINT' },
};

/**
 * Which changes wait for a second admin, and the daily price deadline, live. An owner (any admin
 * while roles are off) changes it; any other admin reads it, the controls off and the reason
 * beside Save.
 */
export function PolicyCard() {
  const { t } = useTranslation('approvals');
  const { live, policy } = useChangePolicy();
  const save = useSavePolicy();
  const editable = useAllows('roles.manage');
  const form = useForm<PolicyFormInput>({
    resolver: zodResolver(policyFormSchema),
    mode: 'onTouched',
    values: policy,
    // Another owner's save arriving live must not wipe what is being changed here.
    resetOptions: { keepDirtyValues: true },
  });
  const pending = save.isPending;
  const locked = pending || !editable.allowed;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      toast.error(errorLines(error, t));
      return;
    }
    toast.success(t('POLICY.SAVED'));
    form.reset(values);
  });

  const stored = live.status === 'ready' ? live.value : null;
  const note =
    live.status === 'error'
      ? t('POLICY.LOAD_FAILED')
      : stored
        ? t('POLICY.UPDATED', { when: formatDateTime(stored.updatedAt) })
        : t('POLICY.DEFAULTS');

  return (
    <Card data-testid="change-policy">
      <CardHeader>
        <CardTitle>
          <h2>{t('POLICY.TITLE')}</h2>
        </CardTitle>
        <CardDescription>{t('POLICY.DESCRIPTION')}</CardDescription>
      </CardHeader>
      <CardContent>
        {live.status === 'loading' ? (
          <div className="grid gap-3" aria-hidden="true" data-testid="policy-loading">
            <Skeleton className="h-10" />
            <Skeleton className="h-10 max-w-xs" />
          </div>
        ) : (
          <form
            onSubmit={(event) => void submit(event)}
            noValidate
            className="grid gap-5"
            aria-busy={pending}
          >
            {HOLD_REASONS.map((reason) => (
              <FormField
                key={reason}
                control={form.control}
                name={reason}
                render={({ field }) => (
                  <FormItem className="flex items-start gap-3">
                    <FormControl>
                      <Switch
                        checked={field.value}
                        onCheckedChange={field.onChange}
                        onBlur={field.onBlur}
                        disabled={locked}
                        className="mt-0.5"
                      />
                    </FormControl>
                    <div className="grid gap-1">
                      <FormLabel>{t(SWITCHES[reason].label)}</FormLabel>
                      <FormDescription>{t(SWITCHES[reason].hint)}</FormDescription>
                    </div>
                  </FormItem>
                )}
              />
            ))}
            <FormField
              control={form.control}
              name="expiresAfterHours"
              render={({ field }) => (
                <FormItem className="max-w-xs">
                  <FormLabel>{t('POLICY.EXPIRY')}</FormLabel>
                  <FormControl>
                    <Input
                      ref={field.ref}
                      name={field.name}
                      type="number"
                      inputMode="numeric"
                      min={REQUEST_EXPIRY_HOURS.min}
                      max={REQUEST_EXPIRY_HOURS.max}
                      step={1}
                      value={Number.isNaN(field.value) ? '' : field.value}
                      onChange={(event) => field.onChange(event.target.valueAsNumber)}
                      onBlur={field.onBlur}
                      disabled={locked}
                      className="w-32"
                    />
                  </FormControl>
                  <FormDescription>{t('POLICY.EXPIRY_HINT')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="priceDeadline"
              render={({ field }) => (
                <FormItem className="max-w-md">
                  <FormLabel>{t('POLICY.DEADLINE')}</FormLabel>
                  <FormControl>
                    <Input {...field} type="time" step={60} disabled={locked} className="w-36" />
                  </FormControl>
                  <FormDescription>{t('POLICY.DEADLINE_HINT')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <p className="text-xs text-muted-foreground">{note}</p>
            <div className="flex flex-wrap items-center gap-3">
              <Permitted permission="roles.manage">
                <Button
                  type="submit"
                  disabled={pending || !form.formState.isDirty}
                  aria-busy={pending}
                >
                  {pending ? <Spinner /> : null}
                  {t('POLICY.SAVE')}
                </Button>
              </Permitted>
              {editable.reason ? (
                <p className="text-sm text-muted-foreground" data-testid="policy-read-only">
                  {editable.reason}
                </p>
              ) : null}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
