import type { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AdminSummary } from '@contracts/admins/admins';
import type { Listed } from '@/lib/api/listed';
import { adminKeys } from '../api/get-admins';
import { useGroupNames, type GroupName } from '../api/get-groups';

type T = TFunction<'admins'>;

/** Owners save every group's prices; an admin without Prices saves none. */
export const savesPrices = (admin: AdminSummary) => admin.owner || admin.roles.includes('prices');

const namesOf = (groups: Listed<GroupName> | undefined) =>
  new Map((groups?.items ?? []).map((group) => [String(group.id), group.name]));

/** The admin's price groups as text, each named if its name is known. */
export function priceGroupsText(
  admin: AdminSummary,
  t: T,
  groups: Listed<GroupName> | undefined,
): string {
  if (!savesPrices(admin)) return t('NO_PRICES');
  if (admin.owner || admin.priceGroups.length === 0) return t('ALL_GROUPS');
  const names = namesOf(groups);
  return admin.priceGroups.map((id) => names.get(id) ?? t('GROUP_N', { id })).join(', ');
}

/** The groups as last read, for an export: the column's cells follow the query themselves. */
export const cachedGroups = (queryClient: QueryClient) =>
  queryClient.getQueryData<Listed<GroupName>>(adminKeys.groups());

/**
 * Reads the group names itself, and only for an admin limited to some groups: the table's
 * columns stay the same object when the names arrive, so no row is rebuilt under the pointer.
 */
export function PriceGroupsCell({ admin }: { admin: AdminSummary }) {
  const { t } = useTranslation('admins');
  const groups = useGroupNames(!admin.owner && admin.priceGroups.length > 0);
  if (!savesPrices(admin)) {
    return (
      <span className="text-muted-foreground">
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('NO_PRICES')}</span>
      </span>
    );
  }
  return <span className="block max-w-56">{priceGroupsText(admin, t, groups.data)}</span>;
}
