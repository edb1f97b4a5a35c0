import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '@contracts/admins/audit';
import type { HistoryMode } from '@/lib/api/query-string';
import { DateRangeFilter, type DayInputs } from '@/components/date-range/date-range-filter';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ACTION_LABELS } from '../entries';
import { actionParamSchema, type AuditFilter } from '../reading';

/** Above the log: the admin's e-mail (any part of it), one action, and a range of days. */
export function AuditFilters({
  filter,
  days,
  onFilterChange,
  onDaysChange,
}: {
  filter: AuditFilter;
  days: DayInputs;
  onFilterChange: (filter: AuditFilter, mode: HistoryMode) => void;
  onDaysChange: (days: DayInputs) => void;
}) {
  const { t } = useTranslation('audit-log');
  const id = useId();
  return (
    <section aria-label={t('FILTERS')} className="flex flex-wrap items-end gap-x-5 gap-y-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-admin`}>{t('ADMIN_FILTER')}</Label>
        <Input
          id={`${id}-admin`}
          type="search"
          className="w-64 max-w-full"
          autoComplete="off"
          placeholder={t('ADMIN_PLACEHOLDER')}
          value={filter.admin}
          // One history entry per search, not per keystroke.
          onChange={(event) => onFilterChange({ ...filter, admin: event.target.value }, 'replace')}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-action`}>{t('ACTION_FILTER')}</Label>
        <NativeSelect
          id={`${id}-action`}
          // As tall as the text and date inputs beside it.
          className="[&>select]:h-10"
          value={filter.action}
          onChange={(event) => {
            const action = actionParamSchema.safeParse(event.target.value);
            if (action.success) onFilterChange({ ...filter, action: action.data }, 'push');
          }}
        >
          <option value="">{t('ANY_ACTION')}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(ACTION_LABELS[action])}
            </option>
          ))}
        </NativeSelect>
      </div>
      <DateRangeFilter value={days} onChange={onDaysChange} />
    </section>
  );
}
