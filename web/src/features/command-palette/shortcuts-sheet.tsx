import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { parseShortcut, shortcutKeys } from './shortcut-text';
import { SHELL_SHORTCUTS, type Shortcut } from './shortcuts';

/** Every shortcut, with what it does: the shell's own, then the palette's. */
const LIST: readonly { shortcuts: readonly Shortcut[]; labelKey: ShortcutLabel }[] = [
  { shortcuts: [SHELL_SHORTCUTS.palette], labelKey: 'SHORTCUT_PALETTE' },
  { shortcuts: [SHELL_SHORTCUTS.shortcuts], labelKey: 'SHORTCUT_HELP' },
  { shortcuts: [parseShortcut('ArrowUp'), parseShortcut('ArrowDown')], labelKey: 'SHORTCUT_MOVE' },
  { shortcuts: [parseShortcut('Enter')], labelKey: 'SHORTCUT_OPEN' },
  { shortcuts: [parseShortcut('Backspace')], labelKey: 'SHORTCUT_BACK' },
  { shortcuts: [parseShortcut('Escape')], labelKey: 'SHORTCUT_CLOSE' },
];
type ShortcutLabel =
  | 'SHORTCUT_PALETTE'
  | 'SHORTCUT_HELP'
  | 'SHORTCUT_MOVE'
  | 'SHORTCUT_OPEN'
  | 'SHORTCUT_BACK'
  | 'SHORTCUT_CLOSE';

export interface ShortcutsSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** ⌘ rather than Ctrl. */
  mac: boolean;
}

/** "?": the keyboard shortcuts, as key caps beside what each does. */
export function ShortcutsSheet({ open, onOpenChange, mac }: ShortcutsSheetProps) {
  const { t } = useTranslation('command-palette');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('CLOSE')} data-testid="shortcuts-sheet">
        <DialogHeader>
          <DialogTitle>{t('SHORTCUTS_TITLE')}</DialogTitle>
          <DialogDescription>{t('SHORTCUTS_DESCRIPTION')}</DialogDescription>
        </DialogHeader>
        <dl className="grid gap-3 text-sm">
          {LIST.map((entry) => (
            <div key={entry.labelKey} className="flex items-center gap-4">
              <dt className="flex w-28 shrink-0 gap-1">
                {entry.shortcuts.map((shortcut) =>
                  shortcutKeys(shortcut, mac).map((key) => (
                    <kbd
                      key={`${shortcut.key}-${key}`}
                      className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs"
                    >
                      {key}
                    </kbd>
                  )),
                )}
              </dt>
              <dd>{t(entry.labelKey)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
