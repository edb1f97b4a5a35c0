import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from 'lucide-react';
import { SCROLL_TOP_OFFSET, SCROLL_TOP_SPEED, SCROLL_TOP_THROTTLE_MS } from '@/lib/constants';
import { cn } from '@/lib/utils';
import { scrollToTop, useScrolledPast } from './use-scroll';

/** Appears after 300 px (checked every 200 ms), scrolls up at 6000 px/s. */
export function ScrollTop() {
  const { t } = useTranslation();
  const visible = useScrolledPast(SCROLL_TOP_OFFSET, SCROLL_TOP_THROTTLE_MS);
  return (
    <button
      type="button"
      onClick={() => scrollToTop(SCROLL_TOP_SPEED)}
      aria-label={t('LAYOUT.SCROLL_TOP')}
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      data-testid="scroll-top"
      className={cn(
        'fixed right-5 bottom-5 z-[100] grid size-10 cursor-pointer place-content-center rounded-full bg-primary text-primary-foreground shadow-lg transition-[opacity,translate] duration-200 hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        visible ? 'translate-y-0 opacity-100' : 'pointer-events-none translate-y-3 opacity-0',
      )}
    >
      <ArrowUpIcon aria-hidden="true" className="size-5" />
    </button>
  );
}
