import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { LayoutGridIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  SCROLL_TOP_THROTTLE_MS,
  STICKY_HEADER_OFFSET,
  STICKY_HEADER_Z_INDEX,
} from '@/lib/constants';
import type { LayoutConfig } from '@/lib/layout-config';
import { cn } from '@/lib/utils';
import { CommandsButton } from './commands-button';
import { LanguageMenu } from './language-menu';
import { QuickSearch } from './quick-search';
import { ThemeToggle } from './theme-toggle';
import { TopMenu } from './top-menu';
import type { PanelTriggerProps } from './user-button';
import { UserButton } from './user-button';
import { useScrolledPast } from './use-scroll';

/**
 * The desktop header (lg and up): top menu, quick search, quick panel, language, theme and the
 * user menu. Sticky at z-index 101 unless the layout config unfixes it; past 300 px it lifts off
 * the page with a shadow.
 */
export function Header({
  config,
  onOpenQuickPanel,
  onOpenUserPanel,
  panelTriggerProps,
  commandsButton,
}: {
  config: LayoutConfig;
  onOpenQuickPanel: () => void;
  onOpenUserPanel: () => void;
  /** Spread on buttons that open a panel: they fetch its code on intent. */
  panelTriggerProps: PanelTriggerProps;
  commandsButton: ComponentProps<typeof CommandsButton>;
}) {
  const { t } = useTranslation();
  const lifted = useScrolledPast(STICKY_HEADER_OFFSET, SCROLL_TOP_THROTTLE_MS);
  return (
    <header
      className={cn(
        'hidden h-16 border-b bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85 lg:block',
        config.headerFixed ? 'sticky top-0' : 'relative',
        config.headerFixed && lifted && 'shadow-[0_6px_16px_-10px_rgb(15_23_42/0.25)]',
      )}
      style={{ zIndex: STICKY_HEADER_Z_INDEX }}
    >
      <div
        className={cn(
          'flex h-full items-center justify-between gap-6 px-6',
          config.width === 'fixed' && 'mx-auto max-w-[1200px]',
        )}
      >
        <TopMenu layout={config.headerMenuLayout} />
        <div className="flex items-center gap-1">
          <QuickSearch className="mr-2 w-56 xl:w-64" />
          <CommandsButton {...commandsButton} />
          <Button
            variant="ghost"
            size="icon"
            onClick={onOpenQuickPanel}
            aria-label={t('QUICK_PANEL.OPEN')}
            title={t('QUICK_PANEL.OPEN')}
            aria-haspopup="dialog"
            data-testid="quick-panel-toggle"
            className="text-muted-foreground hover:text-foreground"
            {...panelTriggerProps}
          >
            <LayoutGridIcon aria-hidden="true" />
          </Button>
          <LanguageMenu />
          <ThemeToggle />
          <div aria-hidden="true" className="mx-2 h-6 w-px bg-border" />
          <UserButton onOpen={onOpenUserPanel} {...panelTriggerProps} />
        </div>
      </div>
    </header>
  );
}
