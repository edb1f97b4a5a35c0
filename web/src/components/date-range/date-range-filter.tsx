import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface DayInputs {
  from: string;
  to: string;
}

/** Two labelled date inputs bounding a list by day (Los Angeles days), and a way to clear both. */
export function DateRangeFilter({
  value,
  onChange,
}: {
  value: DayInputs;
  onChange: (value: DayInputs) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{t('DATE_RANGE.RANGE')}</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-from`}>{t('DATE_RANGE.FROM')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="w-auto"
          value={value.from}
          max={value.to || undefined}
          onChange={(event) => onChange({ ...value, from: event.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-to`}>{t('DATE_RANGE.TO')}</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="w-auto"
          value={value.to}
          min={value.from || undefined}
          onChange={(event) => onChange({ ...value, to: event.target.value })}
        />
      </div>
      <Button
        variant="ghost"
        disabled={!value.from && !value.to}
        onClick={() => onChange({ from: '', to: '' })}
      >
        {t('DATE_RANGE.ALL_DATES')}
      </Button>
    </fieldset>
  );
}
