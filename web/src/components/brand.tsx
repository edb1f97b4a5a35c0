import { FuelIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

export const PRODUCT_NAME = 'Fuel Community';

/** The product's mark and name. */
export function Brand({
  className,
  compact = false,
  tone = 'default',
}: {
  className?: string;
  compact?: boolean;
  tone?: 'default' | 'inverted';
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span className="grid size-8 shrink-0 place-content-center rounded-lg bg-primary text-primary-foreground shadow-sm dark:bg-[oklch(0.5_0.2_268)] dark:text-white">
        <FuelIcon aria-hidden="true" className="size-[18px]" />
      </span>
      {compact ? null : (
        <span
          className={cn(
            'text-[15px] font-semibold tracking-tight',
            tone === 'inverted' ? 'text-white' : 'text-foreground',
          )}
        >
          {PRODUCT_NAME}
        </span>
      )}
    </span>
  );
}
