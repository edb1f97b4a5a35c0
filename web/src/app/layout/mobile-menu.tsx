import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '@/components/brand';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { RESIZE_THROTTLE_MS } from '@/lib/constants';
import { SideMenu } from './side-menu';

const DESKTOP = '(min-width: 62rem)';

/** The side menu as a drawer below lg; it closes on navigation and when the window grows. */
export function MobileMenu({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  useEffect(() => {
    if (!open) return;
    let timer: number | undefined;
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (window.matchMedia(DESKTOP).matches) onOpenChange(false);
      }, RESIZE_THROTTLE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, [open, onOpenChange]);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        closeLabel={t('COMMON.CLOSE')}
        className="w-[min(18rem,calc(100vw-3rem))] border-sidebar-border bg-sidebar text-sidebar-foreground [&>button:last-child]:text-sidebar-muted [&>button:last-child]:hover:bg-sidebar-accent"
        data-testid="mobile-menu"
      >
        <div className="flex h-14 shrink-0 items-center border-b border-sidebar-border px-5">
          <SheetTitle asChild>
            <div>
              <Brand tone="inverted" />
            </div>
          </SheetTitle>
          <SheetDescription className="sr-only">{t('MENU.MAIN')}</SheetDescription>
        </div>
        <div className="flex-1 thin-scrollbar overflow-y-auto">
          <SideMenu onNavigate={() => onOpenChange(false)} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
