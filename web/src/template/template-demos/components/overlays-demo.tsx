import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArchiveIcon, CopyIcon, MoreHorizontalIcon, PencilIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/lib/toast';
import { GallerySection, NS } from './gallery';

/** How long the confirmation example "works", so its spinner can be seen. */
const EXAMPLE_ACTION_MS = 800;

type Overlay = 'dialog' | 'confirm' | 'sheet';

/** Dialogs, a confirmation, a side sheet, a menu and a tooltip, each opened by a button. */
export function OverlaysDemo() {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState<Overlay | null>(null);
  const close = (which: Overlay) => (next: boolean) => {
    if (!next && open === which) setOpen(null);
  };
  return (
    <GallerySection id="overlays" title={t('OVERLAYS.TITLE')} hint={t('OVERLAYS.HINT')}>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => setOpen('dialog')}>
          {t('OVERLAYS.OPEN_DIALOG')}
        </Button>
        <Button variant="outline" onClick={() => setOpen('confirm')}>
          {t('OVERLAYS.OPEN_CONFIRM')}
        </Button>
        <Button variant="outline" onClick={() => setOpen('sheet')}>
          {t('OVERLAYS.OPEN_SHEET')}
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline">
              <MoreHorizontalIcon aria-hidden="true" />
              {t('OVERLAYS.MENU')}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start">
            {(
              [
                ['MENU_EDIT', PencilIcon],
                ['MENU_DUPLICATE', CopyIcon],
                ['MENU_ARCHIVE', ArchiveIcon],
              ] as const
            ).map(([key, Icon]) => (
              <DropdownMenuItem
                key={key}
                onSelect={() =>
                  toast.info(t('OVERLAYS.MENU_PICKED', { item: t(`OVERLAYS.${key}`) }))
                }
              >
                <Icon aria-hidden="true" />
                {t(`OVERLAYS.${key}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        <TooltipProvider delayDuration={200}>
          <Tooltip>
            <TooltipTrigger asChild>
              <Button variant="ghost">{t('OVERLAYS.TOOLTIP')}</Button>
            </TooltipTrigger>
            <TooltipContent>{t('OVERLAYS.TOOLTIP_TEXT')}</TooltipContent>
          </Tooltip>
        </TooltipProvider>
      </div>

      <Dialog open={open === 'dialog'} onOpenChange={close('dialog')}>
        <DialogContent closeLabel={t('COMMON.CLOSE')}>
          <DialogHeader>
            <DialogTitle>{t('OVERLAYS.DIALOG_TITLE')}</DialogTitle>
            <DialogDescription>{t('OVERLAYS.DIALOG_TEXT')}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button>{t('OVERLAYS.DIALOG_OK')}</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={open === 'confirm'}
        onOpenChange={close('confirm')}
        title={t('OVERLAYS.CONFIRM_TITLE')}
        description={t('OVERLAYS.CONFIRM_TEXT')}
        confirmLabel={t('COMMON.APPROVE')}
        onConfirm={async () => {
          await new Promise((resolve) => setTimeout(resolve, EXAMPLE_ACTION_MS));
          toast.success(t('OVERLAYS.CONFIRM_DONE'));
        }}
        testId="gallery-confirm"
      />
      <Sheet open={open === 'sheet'} onOpenChange={close('sheet')}>
        <SheetContent side="right" closeLabel={t('COMMON.CLOSE')}>
          <SheetHeader>
            <SheetTitle>{t('OVERLAYS.SHEET_TITLE')}</SheetTitle>
            <SheetDescription>{t('OVERLAYS.SHEET_TEXT')}</SheetDescription>
          </SheetHeader>
        </SheetContent>
      </Sheet>
    </GallerySection>
  );
}
