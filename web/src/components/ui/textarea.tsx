import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The multi-line sibling of Input: the same border, focus ring and valid/invalid styling. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'flex field-sizing-content min-h-20 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs transition-[color,box-shadow,border-color] outline-none placeholder:text-muted-foreground/80 disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25',
        'data-[valid=true]:border-success data-[valid=true]:focus-visible:ring-success/25',
        className,
      )}
      {...props}
    />
  );
}
