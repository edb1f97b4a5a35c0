import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { rolesChangeSchema, type AdminSummary, type RolesChange } from '@contracts/admins/admins';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorLines } from '@/lib/api/api-client';
import { toast } from '@/lib/toast';
import { useChangeRoles } from '../api/change-roles';
import { nameOf } from './admin-name';
import { PriceGroupChoices } from './price-group-choices';
import { inRoleOrder, RoleChoices } from './role-choices';

export interface RolesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The admin whose roles change (never an owner: OWNER_IDS decides theirs). */
  admin: AdminSummary | null;
}

const valuesOf = (admin: AdminSummary | null): RolesChange => ({
  roles: inRoleOrder(admin?.roles ?? []),
  priceGroups: admin?.priceGroups ?? [],
});

/** A checkbox per role with what it allows, and the price groups while Prices is checked. */
export function RolesDialogContent({ open, onOpenChange, admin }: RolesDialogProps) {
  const { t } = useTranslation('admins');
  const change = useChangeRoles();
  const form = useForm<RolesChange>({
    resolver: zodResolver(rolesChangeSchema),
    values: valuesOf(admin),
  });
  const pending = change.isPending;
  const prices = form.watch('roles').includes('prices');
  const name = admin ? nameOf(admin, t) : '';

  const openChange = (next: boolean) => {
    if (pending) return;
    if (!next) form.reset(valuesOf(admin));
    onOpenChange(next);
  };

  const submit = form.handleSubmit(
    async (values) => {
      if (!admin) return;
      try {
        await change.mutateAsync({ uid: admin.uid, change: values });
      } catch (error) {
        toast.error(errorLines(error, t));
        return;
      }
      toast.success(t('ROLES_DIALOG.SAVED', { name }));
      onOpenChange(false);
    },
    // Only a group id the server would refuse gets here; the checkboxes offer no other mistake.
    () => toast.error(t('ERRORS.UNKNOWN')),
  );

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        aria-busy={pending}
        className="sm:max-w-2xl"
        data-testid="roles-dialog"
      >
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
          <DialogHeader>
            <DialogTitle>{t('ROLES_DIALOG.TITLE')}</DialogTitle>
            <DialogDescription>{t('ROLES_DIALOG.DESCRIPTION', { name })}</DialogDescription>
          </DialogHeader>
          <Controller
            control={form.control}
            name="roles"
            render={({ field }) => (
              <RoleChoices
                legend={t('ROLES_DIALOG.LEGEND')}
                value={field.value}
                onChange={field.onChange}
                disabled={pending}
              />
            )}
          />
          {prices ? (
            <Controller
              control={form.control}
              name="priceGroups"
              render={({ field }) => (
                <PriceGroupChoices
                  value={field.value}
                  onChange={field.onChange}
                  disabled={pending}
                />
              )}
            />
          ) : null}
          <DialogSubmitFooter type="submit" pending={pending}>
            {t('COMMON.SAVE')}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
