import { createContext, use, useId, type ComponentProps, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { cn } from '@/lib/utils';

const NS = 'dashboard';

/** The id of the one hidden sentence every inert control points to with aria-describedby. */
const InertNoteContext = createContext<string | undefined>(undefined);

/**
 * The template's buttons and links are placeholders. They stay focusable so
 * nobody wonders what they are, say they are unavailable (aria-disabled), explain why in a
 * tooltip and a description, and never navigate.
 */
export function InertProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NS);
  const id = useId();
  return (
    <TooltipProvider delayDuration={250}>
      <InertNoteContext value={id}>
        {children}
        <span id={id} hidden>
          {t('INERT.NOTE')}
        </span>
      </InertNoteContext>
    </TooltipProvider>
  );
}

export function useInertNoteId(): string | undefined {
  return use(InertNoteContext);
}

function InertTooltip({ children }: { children: ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent>{t('INERT.NOTE')}</TooltipContent>
    </Tooltip>
  );
}

const swallow = (event: { preventDefault(): void }) => event.preventDefault();

export function InertButton({ className, children, ...props }: Omit<ButtonProps, 'onClick'>) {
  const noteId = useInertNoteId();
  return (
    <InertTooltip>
      <Button
        type="button"
        aria-disabled="true"
        aria-describedby={noteId}
        onClick={swallow}
        className={cn('cursor-default', className)}
        data-inert=""
        {...props}
      >
        {children}
      </Button>
    </InertTooltip>
  );
}

/** Reads as a link that is unavailable; there is no href, so nothing can follow it. */
export function InertLink({ className, children, ...props }: ComponentProps<'span'>) {
  const noteId = useInertNoteId();
  return (
    <InertTooltip>
      <span
        role="link"
        tabIndex={0}
        aria-disabled="true"
        aria-describedby={noteId}
        className={cn(
          'cursor-default rounded-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40',
          className,
        )}
        data-inert=""
        {...props}
      >
        {children}
      </span>
    </InertTooltip>
  );
}
