import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon, FileTextIcon, SearchIcon, UserIcon, XIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { QUICK_SEARCH_DELAY_MS, QUICK_SEARCH_MIN_CHARS } from '@/lib/constants';
import { cn } from '@/lib/utils';

/**
 * The template's quick search: more than 2 typed characters, then after
 * 500 ms the fixed sample results. It searches nothing; the panel says so.
 */
const loadResults = () => import('./quick-search-results');
const QuickSearchResults = lazy(loadResults);
const RESULT_ICONS = { documents: FileTextIcon, members: UserIcon, files: FileIcon };

export function QuickSearch({ className }: { className?: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  const panelId = useId();
  const [query, setQuery] = useState('');
  /** The query whose 500 ms have passed: its results are shown. */
  const [settled, setSettled] = useState('');
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const searchable = query.trim().length >= QUICK_SEARCH_MIN_CHARS;
  const state = !searchable ? 'idle' : settled === query ? 'shown' : 'waiting';

  useEffect(() => {
    if (query.trim().length < QUICK_SEARCH_MIN_CHARS) return;
    // The results' code arrives while the 500 ms run.
    loadResults().catch(() => undefined);
    const timer = window.setTimeout(() => setSettled(query), QUICK_SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  const expanded = open && state !== 'idle';
  const waiting = (
    <p className="px-4 py-6 text-center text-sm text-muted-foreground">{t('TABLE.PLEASE_WAIT')}</p>
  );
  return (
    <div ref={box} className={cn('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {t('SEARCH.LABEL')}
      </label>
      <SearchIcon
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        id={inputId}
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={panelId}
        aria-autocomplete="list"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        placeholder={t('SEARCH.PLACEHOLDER')}
        autoComplete="off"
        data-testid="quick-search"
        className="h-9 w-full rounded-lg border border-transparent bg-muted pr-8 pl-9 text-sm outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:bg-card focus-visible:ring-[3px] focus-visible:ring-ring/25 [&::-webkit-search-cancel-button]:hidden"
      />
      {state === 'waiting' ? (
        <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
      ) : query ? (
        <button
          type="button"
          onClick={() => setQuery('')}
          aria-label={t('SEARCH.CLEAR')}
          className="absolute top-1/2 right-2 grid size-6 -translate-y-1/2 cursor-pointer place-content-center rounded text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <XIcon aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
      <div
        id={panelId}
        role="region"
        aria-label={t('SEARCH.RESULTS')}
        aria-live="polite"
        hidden={!expanded}
        className="absolute top-full right-0 z-[150] mt-2 w-[22rem] max-w-[calc(100vw-1.5rem)] overflow-hidden rounded-xl border bg-popover text-popover-foreground shadow-lg"
      >
        {state === 'waiting' ? (
          waiting
        ) : state === 'shown' ? (
          <Suspense fallback={waiting}>
            <QuickSearchResults icons={RESULT_ICONS} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
