import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, LanguagesIcon } from 'lucide-react';
import { DROPDOWN_HOVER_CLOSE_MS } from '@/lib/constants';
import { LANGUAGES, saveLanguage, type Language } from '@/lib/i18n';
import { useServices } from '@/lib/services';
import { cn } from '@/lib/utils';
import { useHoverMenu } from './use-hover-menu';

/**
 * The header's language menu (the choice is stored, then the page reloads). A small menu of
 * its own rather than a positioning library: it opens below its button, on click, keyboard or
 * hover, and closes 500 ms after the pointer leaves.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { storage, reload } = useServices();
  const menu = useHoverMenu(DROPDOWN_HOVER_CLOSE_MS);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [focusAt, setFocusAt] = useState(0);
  const current = LANGUAGES.find((language) => language.code === i18n.language) ?? LANGUAGES[0];
  const { open, onOpenChange } = menu;

  useEffect(() => {
    if (!open) return;
    const close = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open, onOpenChange]);

  useEffect(() => {
    if (!open) return;
    const item = list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]')[focusAt];
    if (item && list.current?.contains(document.activeElement)) item.focus();
  }, [open, focusAt]);

  const choose = (code: Language) => {
    onOpenChange(false);
    if (code !== current.code) saveLanguage(storage, code, reload);
  };

  const openWithFocus = (at: number) => {
    setFocusAt(at);
    onOpenChange(true);
    window.requestAnimationFrame(() =>
      list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]')[at]?.focus(),
    );
  };

  const onListKeyDown = (event: KeyboardEvent) => {
    const last = LANGUAGES.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: focusAt === last ? 0 : focusAt + 1,
      ArrowUp: focusAt === 0 ? last : focusAt - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusAt(next);
      list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]')[next]?.focus();
    } else if (event.key === 'Escape' || event.key === 'Tab') {
      onOpenChange(false);
      if (event.key === 'Escape') button.current?.focus();
    }
  };

  return (
    <div className="relative" {...menu.hover}>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('HEADER.LANGUAGE_CURRENT', {
          language: current.label,
          code: current.code.toUpperCase(),
        })}
        data-testid="language-menu"
        onClick={(event) => {
          const at = LANGUAGES.indexOf(current);
          // A click made with the keyboard (no pointer: detail 0) takes focus into the menu.
          if (!open && event.detail === 0) openWithFocus(at);
          else {
            if (!open) setFocusAt(at);
            menu.toggle();
          }
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openWithFocus(event.key === 'ArrowDown' ? 0 : LANGUAGES.length - 1);
          }
        }}
        className="inline-flex h-10 cursor-pointer items-center gap-1.5 rounded-md px-2.5 text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
      >
        <LanguagesIcon aria-hidden="true" className="size-[18px]" />
        <span className="text-xs font-semibold uppercase">{current.code}</span>
      </button>
      <ul
        ref={list}
        id={menuId}
        role="menu"
        aria-label={t('HEADER.LANGUAGE')}
        hidden={!open}
        onKeyDown={onListKeyDown}
        className="absolute top-full right-0 z-[150] mt-1.5 w-44 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg"
      >
        {LANGUAGES.map((language, at) => {
          const checked = language.code === current.code;
          return (
            <li key={language.code} role="none">
              <button
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                lang={language.code}
                tabIndex={at === focusAt ? 0 : -1}
                onClick={() => choose(language.code)}
                data-testid={`language-${language.code}`}
                className={cn(
                  'flex w-full cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent',
                  checked && 'font-medium',
                )}
              >
                <span className="flex-1">{language.label}</span>
                {checked ? <CheckIcon aria-hidden="true" className="size-4 text-primary" /> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
