import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { StatusKey, Tone } from '../sample-data';
import { softTone, solidTone } from './tone';

const NS = 'dashboard';

const STATUS_VARIANT = {
  APPROVED: 'success',
  SUCCESS: 'success',
  PAID: 'success',
  IN_PROGRESS: 'secondary',
  IN_PROCESS: 'secondary',
  PENDING: 'warning',
  REJECTED: 'destructive',
} as const satisfies Record<StatusKey, 'success' | 'secondary' | 'warning' | 'destructive'>;

/** The template's static row labels (Approved, In Progress, Success, Rejected, …). */
export function StatusBadge({ status }: { status: StatusKey }) {
  const { t } = useTranslation(NS);
  return <Badge variant={STATUS_VARIANT[status]}>{t(`STATUS.${status}`)}</Badge>;
}

const AVATAR_TONES: readonly Tone[] = ['primary', 'success', 'warning', 'info', 'destructive'];

/** A sample person: initials on a colour picked from the name, so it is stable. */
export function PersonAvatar({ name, className }: { name: string; className?: string }) {
  const sum = Array.from(name).reduce((total, letter) => total + (letter.codePointAt(0) ?? 0), 0);
  const tone = AVATAR_TONES[sum % AVATAR_TONES.length] ?? 'primary';
  return (
    <Avatar className={cn('size-10 rounded-lg', className)}>
      <AvatarFallback className={cn('rounded-lg text-[13px]', softTone[tone])}>
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}

export function ProgressBar({
  value,
  tone = 'primary',
  label,
  className,
}: {
  value: number;
  tone?: Tone;
  label: string;
  className?: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-1.5 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full rounded-full', solidTone[tone])} style={{ width: `${value}%` }} />
    </div>
  );
}

/** A ring filled to `value` percent, the number in its middle. */
export function RadialProgress({
  value,
  label,
  text,
  size = 168,
}: {
  value: number;
  label: string;
  text: string;
  size?: number;
}) {
  const radius = 42;
  const circumference = 2 * Math.PI * radius;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className="relative mx-auto"
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 100 100" className="size-full -rotate-90" aria-hidden="true">
        <circle cx="50" cy="50" r={radius} fill="none" strokeWidth="9" className="stroke-muted" />
        <circle
          cx="50"
          cy="50"
          r={radius}
          fill="none"
          strokeWidth="9"
          strokeLinecap="round"
          className="stroke-primary"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
        />
      </svg>
      <div className="absolute inset-0 grid place-content-center text-center" aria-hidden="true">
        <span className="text-3xl font-semibold tracking-tight tabular-nums">{text}</span>
        <span className="text-xs text-muted-foreground">{label}</span>
      </div>
    </div>
  );
}
