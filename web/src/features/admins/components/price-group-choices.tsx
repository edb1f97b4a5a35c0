import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useGroupNames } from '../api/get-groups';

/**
 * The groups whose prices an admin with the Prices role saves; none checked means every group.
 * A group no longer listed (deleted since) stays offered while checked, so it can be unchecked.
 */
export function PriceGroupChoices({
  value,
  onChange,
  disabled,
}: {
  value: readonly string[];
  onChange: (groups: string[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('admins');
  const id = useId();
  const groups = useGroupNames(true);
  const listed = (groups.data?.items ?? []).map((group) => ({
    id: String(group.id),
    name: group.name,
  }));
  const gone = value
    .filter((groupId) => !listed.some((group) => group.id === groupId))
    .map((groupId) => ({ id: groupId, name: t('GROUP_N', { id: groupId }) }));
  const choices = [...listed.sort((a, b) => a.name.localeCompare(b.name)), ...gone];
  const toggle = (groupId: string, checked: boolean) =>
    onChange(checked ? [...value, groupId] : value.filter((held) => held !== groupId));

  return (
    <fieldset className="grid gap-2" disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-medium">{t('ROLES_DIALOG.GROUPS_LEGEND')}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t('ROLES_DIALOG.GROUPS_HINT')}
      </p>
      {groups.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner />
          {t('ROLES_DIALOG.GROUPS_LOADING')}
        </p>
      ) : null}
      {groups.isError ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-destructive" role="alert">
          {t('ROLES_DIALOG.GROUPS_FAILED')}
          <Button type="button" size="sm" variant="outline" onClick={() => void groups.refetch()}>
            <RotateCcwIcon aria-hidden="true" />
            {t('COMMON.RETRY')}
          </Button>
        </div>
      ) : null}
      {choices.length > 0 ? (
        <ul className="grid max-h-48 gap-2 overflow-y-auto rounded-lg border p-3 sm:grid-cols-2">
          {choices.map((group) => (
            <li key={group.id} className="flex items-center gap-2.5">
              <Checkbox
                id={`${id}-${group.id}`}
                checked={value.includes(group.id)}
                onCheckedChange={(checked) => toggle(group.id, checked === true)}
                disabled={disabled}
              />
              <Label htmlFor={`${id}-${group.id}`} className="cursor-pointer font-normal">
                {group.name}
              </Label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
