import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { LogOutIcon, ShieldCheckIcon, UserCogIcon, type LucideIcon } from 'lucide-react';
import type { AdminSummary } from '@contracts/admins/admins';
import { actionsColumn } from '@/components/data-table/data-table-cells';
import { Badge } from '@/components/ui/badge';
import { TooltipAction } from '@/components/tooltip-action';
import { ROLE_NAME_KEYS } from '@/lib/roles/grants';
import { formatDateTime } from '@/lib/time';
import type { Listed } from '@/lib/api/listed';
import type { GroupName } from '../api/get-groups';
import { nameOf } from './admin-name';
import { PriceGroupsCell, priceGroupsText } from './price-groups-cell';
import { inRoleOrder } from './role-choices';

type T = TFunction<'admins'>;
export type AdminAction = 'roles' | 'sessions';

export interface AdminColumnsOptions {
  t: T;
  /** The signed-in admin's uid: their row says so, and ends no sessions here. */
  ownUid: string | null;
  /** The price groups' names as last read (for an export; the cells read them live). */
  groups: () => Listed<GroupName> | undefined;
  onAction: (action: AdminAction, admin: AdminSummary) => void;
}

export const rolesText = (admin: AdminSummary, t: T) =>
  admin.owner
    ? t('ROLES.NAMES.OWNER')
    : admin.roles.length === 0
      ? t('NO_ROLE')
      : inRoleOrder(admin.roles)
          .map((role) => t(ROLE_NAME_KEYS[role]))
          .join(', ');

/**
 * A row's button. Beside the side menu the table has room for the icons alone, the label in a
 * tooltip; a phone's card shows the label too.
 */
function RowAction({
  label,
  name,
  icon: Icon,
  reason,
  onClick,
}: {
  label: string;
  /** The accessible name, which holds the label and says whose row it acts on. */
  name: string;
  icon: LucideIcon;
  reason?: string;
  onClick: () => void;
}) {
  return (
    <TooltipAction
      label={label}
      name={name}
      reason={reason}
      size="sm"
      className="sm:max-2xl:size-8 sm:max-2xl:has-[>svg]:px-0"
      onClick={onClick}
    >
      <Icon aria-hidden="true" />
      <span className="sm:max-2xl:sr-only">{label}</span>
    </TooltipAction>
  );
}

/** Admin (name and e-mail), Roles, Price groups, Last sign-in, Live sessions, Actions. */
export function adminColumns(o: AdminColumnsOptions): ColumnDef<AdminSummary, unknown>[] {
  const { t } = o;
  return [
    {
      id: 'admin',
      accessorFn: (row) => nameOf(row, t),
      header: t('COLUMNS.ADMIN'),
      meta: {
        csv: {
          value: (row) => nameOf(row, t),
          also: [{ header: t('COLUMNS.EMAIL'), value: (row) => row.email }],
        },
      },
      cell: ({ row }) => (
        <div className="grid min-w-40 gap-0.5 wrap-anywhere">
          <span className="flex items-center gap-2 font-medium">
            {nameOf(row.original, t)}
            {row.original.uid === o.ownUid ? <Badge variant="outline">{t('YOU')}</Badge> : null}
          </span>
          {row.original.name && row.original.email ? (
            <span className="text-xs text-muted-foreground">{row.original.email}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'roles',
      accessorFn: (row) => rolesText(row, t),
      header: t('COLUMNS.ROLES'),
      cell: ({ row }) => {
        const admin = row.original;
        if (admin.owner) {
          return (
            <Badge>
              <ShieldCheckIcon aria-hidden="true" />
              {t('ROLES.NAMES.OWNER')}
            </Badge>
          );
        }
        if (admin.roles.length === 0) {
          return <span className="text-muted-foreground">{t('NO_ROLE')}</span>;
        }
        return (
          <ul className="flex max-w-64 flex-wrap gap-1">
            {inRoleOrder(admin.roles).map((role) => (
              <li key={role}>
                <Badge variant="secondary">{t(ROLE_NAME_KEYS[role])}</Badge>
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      id: 'priceGroups',
      accessorFn: (row) => priceGroupsText(row, t, o.groups()),
      header: t('COLUMNS.PRICE_GROUPS'),
      enableSorting: false,
      cell: ({ row }) => <PriceGroupsCell admin={row.original} />,
    },
    {
      id: 'lastSignIn',
      accessorFn: (row) => row.lastSignIn ?? 0,
      meta: {
        label: t('COLUMNS.LAST_SIGN_IN'),
        csv: {
          value: (row) =>
            row.lastSignIn === null
              ? t('NEVER')
              : { date: new Date(row.lastSignIn), shown: formatDateTime(row.lastSignIn) },
          date: true,
        },
      },
      header: () => (
        <span title={t('LOS_ANGELES_TIME')}>
          {t('COLUMNS.LAST_SIGN_IN')}
          <span className="sr-only"> ({t('LOS_ANGELES_TIME')})</span>
        </span>
      ),
      cell: ({ row }) =>
        row.original.lastSignIn === null ? (
          <span className="text-muted-foreground">{t('NEVER')}</span>
        ) : (
          <time
            dateTime={new Date(row.original.lastSignIn).toISOString()}
            className="whitespace-nowrap tabular-nums"
          >
            {formatDateTime(row.original.lastSignIn)}
          </time>
        ),
    },
    {
      id: 'liveSessions',
      accessorKey: 'liveSessions',
      header: t('COLUMNS.LIVE_SESSIONS'),
      cell: ({ row }) => <span className="tabular-nums">{row.original.liveSessions}</span>,
    },
    actionsColumn({
      id: 'actions',
      header: t('COLUMNS.ACTIONS'),
      cell: ({ row }) => {
        const admin = row.original;
        const name = nameOf(admin, t);
        return (
          <div className="flex items-center gap-1.5">
            <RowAction
              label={t('ACTIONS.CHANGE_ROLES')}
              name={t('ACTIONS.CHANGE_ROLES_OF', { name })}
              icon={UserCogIcon}
              reason={admin.owner ? t('OWNER_FIXED') : undefined}
              onClick={() => o.onAction('roles', admin)}
            />
            <RowAction
              label={t('ACTIONS.END_SESSIONS')}
              name={t('ACTIONS.END_SESSIONS_OF', { name })}
              icon={LogOutIcon}
              // Not one's own: the reply would sign this browser out under the screen, while
              // the user panel's "Sign out of every browser" does the same and also clears this
              // browser's session and storage on the way out.
              reason={admin.uid === o.ownUid ? t('OWN_SESSIONS') : undefined}
              onClick={() => o.onAction('sessions', admin)}
            />
          </div>
        );
      },
    }),
  ];
}
