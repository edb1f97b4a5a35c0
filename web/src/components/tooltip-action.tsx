import { useId, type ComponentProps, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

export interface TooltipActionProps {
  /** The tooltip's first line. */
  label: string;
  /** The accessible name (the label, or the label saying whose row it acts on). */
  name?: string;
  /** Why it cannot be used now, after the label and as its description. */
  reason?: string;
  /** Unavailable with nothing more to say (e.g. a complaint already decided). */
  unavailable?: boolean;
  size?: ComponentProps<typeof Button>['size'];
  className?: string;
  onClick: () => void;
  children: ReactNode;
}

/**
 * A row's outline button with its label in a tooltip. Unavailable, it stays focusable and keeps
 * the tooltip (aria-disabled, not disabled), which then gives the reason too.
 */
export function TooltipAction({
  label,
  name = label,
  reason,
  unavailable = false,
  size,
  className,
  onClick,
  children,
}: TooltipActionProps) {
  const reasonId = useId();
  const off = unavailable || reason !== undefined;
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            size={size}
            variant="outline"
            aria-label={name}
            aria-disabled={off || undefined}
            aria-describedby={reason === undefined ? undefined : reasonId}
            onClick={off ? undefined : onClick}
            className={cn(
              'aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-card',
              className,
            )}
          >
            {children}
          </Button>
        </TooltipTrigger>
        <TooltipContent className="max-w-72">
          {label}
          {reason === undefined ? null : <span className="block">{reason}</span>}
        </TooltipContent>
      </Tooltip>
      {reason === undefined ? null : (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </>
  );
}
