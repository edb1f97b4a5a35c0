import type { ComponentProps } from 'react';
import { Collapsible as CollapsiblePrimitive } from 'radix-ui';
import { ACCORDION_SLIDE_MS } from '@/lib/constants';
import { cn } from '@/lib/utils';

export const Collapsible = CollapsiblePrimitive.Root;
export const CollapsibleTrigger = CollapsiblePrimitive.Trigger;

/** Slides open and shut in ACCORDION_SLIDE_MS (the side menu's accordion). */
export function CollapsibleContent({
  className,
  style,
  ...props
}: ComponentProps<typeof CollapsiblePrimitive.Content>) {
  return (
    <CollapsiblePrimitive.Content
      data-slot="collapsible-content"
      className={cn(
        'overflow-hidden data-[state=closed]:animate-accordion-up data-[state=open]:animate-accordion-down',
        className,
      )}
      // The keyframes live in index.css; the duration comes from the constant.
      style={{ animationDuration: `${ACCORDION_SLIDE_MS}ms`, ...style }}
      {...props}
    />
  );
}
