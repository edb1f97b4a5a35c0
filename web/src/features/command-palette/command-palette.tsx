import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ArrowLeftIcon, SearchIcon } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { mark, markPainted } from '@/lib/perf';
import { outcomeOf, type PaletteItem, type PaletteStep, type PaletteTargets } from './items';
import { PaletteList } from './palette-list';
import { usePaletteResults } from './use-palette-results';

export interface CommandPaletteProps extends PaletteTargets {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Ctrl+K / ⌘+K: find a screen, a user, a chat group or an action and go there. A combobox over
 * a listbox: focus stays in the search field, the arrow keys move the active option
 * (aria-activedescendant), Enter opens it, Escape closes and focus returns to where it was.
 */
export function CommandPalette({ open, onOpenChange, ...targets }: CommandPaletteProps) {
  const { t } = useTranslation('command-palette');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl gap-0 overflow-hidden p-0" data-testid="command-palette">
        <DialogTitle className="sr-only">{t('TITLE')}</DialogTitle>
        <DialogDescription className="sr-only">{t('DESCRIPTION')}</DialogDescription>
        <PaletteBody targets={targets} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PaletteBody({ targets, onClose }: { targets: PaletteTargets; onClose: () => void }) {
  const { t } = useTranslation('command-palette');
  const [, navigate] = useLocation();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [step, setStep] = useState<PaletteStep>('root');
  const [active, setActive] = useState(0);
  const { sections, usersState, usersTotal } = usePaletteResults(query, step, targets);
  const items = sections.flatMap((section) => section.items);
  const current = Math.min(active, Math.max(items.length - 1, 0));
  const optionId = (at: number) => `${listId}-option-${at}`;
  // The benchmark's span: a keystroke (palette:search) to its results on screen.
  const typed = useRef(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!typed.current) return;
    typed.current = false;
    markPainted('palette:search');
  }, [sections]);

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (item: PaletteItem) => {
    const outcome = outcomeOf(item, step, targets);
    if ('step' in outcome) {
      setStep(outcome.step);
      setQuery('');
      setActive(0);
      return;
    }
    onClose();
    navigate(outcome.go.path, outcome.go.state === undefined ? {} : { state: outcome.go.state });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined && items.length > 0) {
      event.preventDefault();
      setActive(next);
    } else if (event.key === 'Enter') {
      const item = items[current];
      if (!item) return;
      event.preventDefault();
      choose(item);
    } else if (event.key === 'Backspace' && query === '' && step !== 'root') {
      event.preventDefault();
      setStep('root');
    }
  };

  const status =
    usersState === 'loading'
      ? t('USERS_LOADING')
      : usersState === 'failed'
        ? t('USERS_FAILED')
        : query.trim() && items.length === 0
          ? t('NO_RESULTS', { query: query.trim() })
          : query.trim()
            ? t('RESULT_COUNT', { value: items.length })
            : '';

  return (
    <>
      <div className="flex items-center gap-2 border-b px-3">
        {step === 'root' ? (
          <SearchIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        ) : (
          <button
            type="button"
            onClick={() => {
              setStep('root');
              input.current?.focus();
            }}
            aria-label={t('BACK')}
            className="grid size-7 shrink-0 cursor-pointer place-content-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <ArrowLeftIcon aria-hidden="true" className="size-4" />
          </button>
        )}
        {step === 'notify-user' ? (
          <span className="shrink-0 rounded bg-muted px-2 py-0.5 text-xs font-medium">
            {t('NOTIFY_STEP')}
          </span>
        ) : null}
        <input
          ref={input}
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
          aria-label={step === 'root' ? t('INPUT_LABEL') : t('NOTIFY_PLACEHOLDER')}
          placeholder={step === 'root' ? t('PLACEHOLDER') : t('NOTIFY_PLACEHOLDER')}
          value={query}
          onChange={(event) => {
            mark('palette:search');
            typed.current = true;
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
          data-testid="command-palette-input"
          className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
      <PaletteList
        id={listId}
        sections={sections}
        active={current}
        optionId={optionId}
        step={step}
        usersTotal={usersTotal}
        onHover={setActive}
        onChoose={choose}
      />
      <p role="status" className="border-t px-4 py-2 text-xs text-muted-foreground">
        {status || (step === 'root' ? t('USER_HINT') : t('NOTIFY_HINT'))}
      </p>
    </>
  );
}
