import type { ComponentProps } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { EllipsisVerticalIcon, LayoutGridIcon, MenuIcon } from 'lucide-react';
import { Brand } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { STICKY_HEADER_Z_INDEX } from '@/lib/constants';
import { CommandsButton } from './commands-button';
import { LanguageMenu } from './language-menu';
import { QuickSearch } from './quick-search';
import { ThemeToggle } from './theme-toggle';
import { UserButton, type PanelTriggerProps } from './user-button';

const darkButton =
  'grid size-10 cursor-pointer place-content-center rounded-md text-sidebar-foreground transition-colors outline-none hover:bg-sidebar-accent hover:text-white focus-visible:ring-2 focus-visible:ring-sidebar-primary';

/** Below lg: brand, the menu drawer, a toggle for the top bar's tools, and the user. */
export function MobileHeader({
  onOpenMenu,
  onOpenQuickPanel,
  onOpenUserPanel,
  panelTriggerProps,
  commandsButton,
}: {
  onOpenMenu: () => void;
  onOpenQuickPanel: () => void;
  onOpenUserPanel: () => void;
  panelTriggerProps: PanelTriggerProps;
  commandsButton: ComponentProps<typeof CommandsButton>;
}) {
  const { t } = useTranslation();
  const [toolsOpen, setToolsOpen] = useState(false);
  return (
    <header className="sticky top-0 lg:hidden" style={{ zIndex: STICKY_HEADER_Z_INDEX }}>
      <div className="flex h-14 items-center justify-between gap-2 bg-sidebar px-2 sm:px-4">
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={onOpenMenu}
            aria-label={t('LAYOUT.OPEN_MENU')}
            aria-haspopup="dialog"
            data-testid="mobile-menu-toggle"
            className={darkButton}
            {...panelTriggerProps}
          >
            <MenuIcon aria-hidden="true" className="size-5" />
          </button>
          <Link
            href="/all-users"
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-sidebar-primary"
          >
            <Brand tone="inverted" />
          </Link>
        </div>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setToolsOpen((open) => !open)}
            aria-label={t('LAYOUT.TOOLS')}
            aria-expanded={toolsOpen}
            aria-controls="mobile-tools"
            className={darkButton}
          >
            <EllipsisVerticalIcon aria-hidden="true" className="size-5" />
          </button>
          <UserButton onOpen={onOpenUserPanel} compact {...panelTriggerProps} />
        </div>
      </div>
      <div id="mobile-tools" hidden={!toolsOpen} className="border-b bg-card px-3 py-2 shadow-sm">
        {/* The search on a row of its own: beside four buttons it was too narrow to read and
            its results opened past the screen's left edge. */}
        <div className="flex flex-wrap items-center gap-1">
          <QuickSearch className="mb-1 w-full" />
          <CommandsButton {...commandsButton} />
          <Button
            variant="ghost"
            size="icon"
            onClick={onOpenQuickPanel}
            aria-label={t('QUICK_PANEL.OPEN')}
            className="text-muted-foreground"
            {...panelTriggerProps}
          >
            <LayoutGridIcon aria-hidden="true" />
          </Button>
          <LanguageMenu />
          <ThemeToggle />
        </div>
      </div>
    </header>
  );
}
