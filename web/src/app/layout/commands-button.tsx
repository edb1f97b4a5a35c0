import { useTranslation } from 'react-i18next';
import { SearchIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Opens the command palette, for the mouse and touch; the key cap says the shortcut. */
export function CommandsButton({
  onOpen,
  onIntent,
  mac,
}: {
  onOpen: () => void;
  /** Hover or focus: fetch the palette's code before the click. */
  onIntent: () => void;
  mac: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={onOpen}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      aria-haspopup="dialog"
      data-testid="command-palette-open"
      className="text-muted-foreground"
    >
      <SearchIcon aria-hidden="true" />
      {t('LAYOUT.COMMANDS')}
      <kbd className="rounded border bg-muted px-1 font-mono text-[10px]">
        {mac ? '⌘' : 'Ctrl'} K
      </kbd>
    </Button>
  );
}
