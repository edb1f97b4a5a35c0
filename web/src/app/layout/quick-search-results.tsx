import { useTranslation } from 'react-i18next';
import type { LucideIcon } from 'lucide-react';

const SAMPLE_RESULTS = [
  {
    headingKey: 'SEARCH.DOCUMENTS',
    icon: 'documents',
    items: [
      { key: 'SEARCH.SAMPLE_DOC_1', meta: 'PDF' },
      { key: 'SEARCH.SAMPLE_DOC_2', meta: 'DOCX' },
    ],
  },
  {
    headingKey: 'SEARCH.MEMBERS',
    icon: 'members',
    items: [
      { key: 'SEARCH.SAMPLE_MEMBER_1', metaKey: 'SEARCH.ROLE_ADMIN' },
      { key: 'SEARCH.SAMPLE_MEMBER_2', metaKey: 'SEARCH.ROLE_MEMBER' },
    ],
  },
  {
    headingKey: 'SEARCH.FILES',
    icon: 'files',
    items: [
      { key: 'SEARCH.SAMPLE_FILE_1', meta: 'XLSX' },
      { key: 'SEARCH.SAMPLE_FILE_2', meta: 'PNG' },
    ],
  },
] as const;

/**
 * The quick search's fixed sample results, loaded once a query is long enough to show them:
 * nobody's first screen waits for them.
 */
export default function QuickSearchResults({
  icons,
}: {
  /** Handed in by the search box: the icons' shared code stays with the first screen's. */
  icons: Record<(typeof SAMPLE_RESULTS)[number]['icon'], LucideIcon>;
}) {
  const { t } = useTranslation();
  return (
    <div
      className="max-h-[min(70vh,30rem)] overflow-y-auto py-2"
      data-testid="quick-search-results"
    >
      {SAMPLE_RESULTS.map((group) => {
        const GroupIcon = icons[group.icon];
        return (
          <section key={group.headingKey} className="px-2 pb-1">
            <h3 className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase">
              {t(group.headingKey)}
            </h3>
            <ul>
              {group.items.map((item) => (
                <li key={item.key} className="flex items-center gap-3 rounded-md px-2 py-2 text-sm">
                  <span className="grid size-8 shrink-0 place-content-center rounded-md bg-muted text-muted-foreground">
                    <GroupIcon aria-hidden="true" className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1 truncate">{t(item.key)}</span>
                  <span className="text-xs text-muted-foreground">
                    {'metaKey' in item ? t(item.metaKey) : item.meta}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <p className="border-t px-4 pt-2 text-xs text-muted-foreground">{t('SEARCH.SAMPLE_NOTE')}</p>
    </div>
  );
}
