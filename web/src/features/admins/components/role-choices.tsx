import { useId } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ASSIGNABLE_ROLES, type Role } from '@contracts/admins/roles';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { ROLE_NAME_KEYS } from '@/lib/roles/grants';
import { cn } from '@/lib/utils';

export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ROLE_INFO_KEYS: Readonly<Record<AssignableRole, ParseKeys<'admins'>>> = {
  prices: 'ROLE_INFO.PRICES',
  support: 'ROLE_INFO.SUPPORT',
  communications: 'ROLE_INFO.COMMUNICATIONS',
  broadcast: 'ROLE_INFO.BROADCAST',
  users: 'ROLE_INFO.USERS',
  auditor: 'ROLE_INFO.AUDITOR',
  approver: 'ROLE_INFO.APPROVER',
};

/** The roles in the table's order, whatever order they were checked in. */
export const inRoleOrder = (roles: readonly Role[]): AssignableRole[] =>
  ASSIGNABLE_ROLES.filter((role) => roles.includes(role));

/** A checkbox per role an owner gives, each with what it allows. */
export function RoleChoices({
  legend,
  legendHidden = false,
  value,
  onChange,
  disabled = false,
  className,
}: {
  legend: string;
  /** The legend for screen readers only, where a heading above already says it. */
  legendHidden?: boolean;
  value: readonly AssignableRole[];
  onChange: (roles: AssignableRole[]) => void;
  disabled?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('admins');
  const id = useId();
  const toggle = (role: AssignableRole, checked: boolean) =>
    onChange(inRoleOrder(checked ? [...value, role] : value.filter((held) => held !== role)));
  return (
    <fieldset className={cn('grid gap-2', className)} disabled={disabled}>
      <legend className={legendHidden ? 'sr-only' : 'mb-2 text-sm font-medium'}>{legend}</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {ASSIGNABLE_ROLES.map((role) => (
          <li
            key={role}
            className="flex items-start gap-3 rounded-lg border p-3 transition-colors has-data-[state=checked]:border-primary/40 has-data-[state=checked]:bg-primary/5"
          >
            <Checkbox
              id={`${id}-${role}`}
              checked={value.includes(role)}
              onCheckedChange={(checked) => toggle(role, checked === true)}
              disabled={disabled}
              aria-describedby={`${id}-${role}-info`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${role}`} className="cursor-pointer">
                {t(ROLE_NAME_KEYS[role])}
              </Label>
              <p id={`${id}-${role}-info`} className="text-xs text-muted-foreground">
                {t(ROLE_INFO_KEYS[role])}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
