import { useId } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

export interface FlagBadgeProps {
  label: string;
  /** What the flag means: the tooltip, and the badge's description for screen readers. */
  description: string;
  icon: LucideIcon;
  variant: 'warning' | 'secondary';
  testId: string;
}

/**
 * Marks an entry (Late, Revert): a word, not a colour alone, explained in a tooltip on hover and
 * focus and as the badge's description for screen readers.
 */
export function FlagBadge({ label, description, icon: Icon, variant, testId }: FlagBadgeProps) {
  const descriptionId = useId();
  return (
    <TooltipProvider delayDuration={300}>
      <Tooltip>
        <TooltipTrigger asChild>
          {/* Focusable, so the keyboard reaches the tooltip too. */}
          <Badge
            variant={variant}
            tabIndex={0}
            aria-describedby={descriptionId}
            className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid={testId}
          >
            <Icon aria-hidden="true" />
            {label}
          </Badge>
        </TooltipTrigger>
        <TooltipContent>{description}</TooltipContent>
      </Tooltip>
      <span id={descriptionId} hidden>
        {description}
      </span>
    </TooltipProvider>
  );
}
