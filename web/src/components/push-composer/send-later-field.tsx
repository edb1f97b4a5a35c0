import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import {
  NOW_VALUES,
  resolveSendAt,
  type SendLaterError,
  type SendLaterValues,
} from './send-later-time';

/**
 * The composer's send-later state: `field` goes to SendLaterField; `check()` gives the time to
 * send at (null: now), or undefined once the field shows why the chosen time cannot be used.
 */
export function useSendLater(now: () => number) {
  const [value, setValue] = useState(NOW_VALUES);
  const [error, setError] = useState<SendLaterError>();
  return {
    later: value.later,
    check(): number | null | undefined {
      const when = resolveSendAt(value, now());
      setError(when.ok ? undefined : when.error);
      return when.ok ? when.sendAt : undefined;
    },
    reset() {
      setValue(NOW_VALUES);
      setError(undefined);
    },
    field: {
      value,
      error,
      onChange: (next: SendLaterValues) => {
        setValue(next);
        setError(undefined);
      },
    },
  };
}

export interface SendLaterFieldProps {
  value: SendLaterValues;
  onChange: (value: SendLaterValues) => void;
  /** Why the chosen time cannot be used, shown under it. */
  error?: SendLaterError | undefined;
  disabled?: boolean;
  /** Editing a scheduled send: the time is always chosen, the switch is not shown. */
  alwaysLater?: boolean;
}

/**
 * "Send later" in the push composer: off, the notification goes at once; on, a date and a time
 * in Los Angeles time (whatever the browser's zone), which the composer checks on submit.
 */
export function SendLaterField({
  value,
  onChange,
  error,
  disabled = false,
  alwaysLater = false,
}: SendLaterFieldProps) {
  const { t } = useTranslation('push-composer');
  const id = useId();
  const errorId = `${id}-error`;
  const later = alwaysLater || value.later;
  const described = error ? errorId : `${id}-zone`;
  return (
    <fieldset className="grid gap-3 rounded-lg border px-4 py-3" data-testid="send-later">
      <legend className="sr-only">{t('SEND_LATER.LEGEND')}</legend>
      {alwaysLater ? null : (
        <div className="flex items-center gap-3">
          <Switch
            id={`${id}-switch`}
            checked={value.later}
            disabled={disabled}
            onCheckedChange={(checked) => onChange({ ...value, later: checked })}
          />
          <Label htmlFor={`${id}-switch`}>
            <ClockIcon aria-hidden="true" className="size-4" />
            {t('SEND_LATER.TOGGLE')}
          </Label>
        </div>
      )}
      {later ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-date`}>{t('SEND_LATER.DATE')}</Label>
              <Input
                id={`${id}-date`}
                type="date"
                value={value.date}
                readOnly={disabled}
                aria-invalid={error !== undefined}
                aria-describedby={described}
                onChange={(event) => onChange({ ...value, later: true, date: event.target.value })}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-time`}>{t('SEND_LATER.TIME')}</Label>
              <Input
                id={`${id}-time`}
                type="time"
                value={value.time}
                readOnly={disabled}
                aria-invalid={error !== undefined}
                aria-describedby={described}
                onChange={(event) => onChange({ ...value, later: true, time: event.target.value })}
              />
            </div>
          </div>
          <p id={`${id}-zone`} className="text-xs text-muted-foreground">
            {t('SEND_LATER.ZONE')}
          </p>
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {t(error)}
            </p>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
