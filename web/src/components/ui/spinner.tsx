import type { ComponentProps } from 'react';
import { LoaderCircleIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Decorative by default: the control it sits in carries the accessible state (aria-busy). */
export function Spinner({ className, ...props }: ComponentProps<'svg'>) {
  return (
    <LoaderCircleIcon
      aria-hidden="true"
      data-slot="spinner"
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}
