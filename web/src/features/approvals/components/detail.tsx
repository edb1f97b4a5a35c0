import type { ReactNode } from 'react';
import { formatDateTime } from '@/lib/time';
import { cn } from '@/lib/utils';

/** One named value of a request: a term and its description (a `dl`'s group). */
export function Detail({
  label,
  className,
  children,
}: {
  label: string;
  /** E.g. how many grid columns it spans. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid min-w-0 gap-0.5', className)}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** A moment in Los Angeles time, machine-readable too. */
export function When({ at }: { at: number }) {
  return (
    <time dateTime={new Date(at).toISOString()} className="tabular-nums">
      {formatDateTime(at)}
    </time>
  );
}
