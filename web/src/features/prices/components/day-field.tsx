import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The day a prices screen shows: a required date input (YYYY-MM-DD) under its label. */
export function DayField({
  id,
  day,
  onDay,
}: {
  id: string;
  day: string;
  onDay: (day: string) => void;
}) {
  const { t } = useTranslation('prices');
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('DATE')}</Label>
      <Input
        id={id}
        type="date"
        value={day}
        required
        onChange={(event) => onDay(event.target.value)}
      />
    </div>
  );
}
