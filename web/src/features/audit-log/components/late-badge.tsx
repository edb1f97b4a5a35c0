import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockAlertIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';

/**
 * Marks a price save made after its day's deadline: a word, not a colour alone, explained in a
 * tooltip on hover and focus and as the badge's description for screen readers.
 */
export function LateBadge() {
  const { t } = useTranslation('audit-log');
  const descriptionId = useId();
  return (
    <TooltipProvider delayDuration={300}>
      <Tooltip>
        <TooltipTrigger asChild>
          {/* Focusable, so the keyboard reaches the tooltip too. */}
          <Badge
            variant="warning"
            tabIndex={0}
            aria-describedby={descriptionId}
            className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
            data-testid="audit-late"
          >
            <ClockAlertIcon aria-hidden="true" />
            {t('LATE.LABEL')}
          </Badge>
        </TooltipTrigger>
        <TooltipContent>{t('LATE.DESCRIPTION')}</TooltipContent>
      </Tooltip>
      <span id={descriptionId} hidden>
        {t('LATE.DESCRIPTION')}
      </span>
    </TooltipProvider>
  );
}
