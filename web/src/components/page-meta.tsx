import { createContext, use, useEffect, type ReactNode } from 'react';

export interface Crumb {
  label: string;
  href?: string;
}

export interface PageMeta {
  title: string;
  /** After the home crumb; the last one is the current page. */
  breadcrumbs?: Crumb[];
}

type SetPageMeta = (meta: PageMeta | null) => void;

const PageMetaContext = createContext<SetPageMeta | null>(null);

/** Given by the layout: pages tell it the sub-header's title and breadcrumbs. */
export function PageMetaProvider({ set, children }: { set: SetPageMeta; children: ReactNode }) {
  return <PageMetaContext value={set}>{children}</PageMetaContext>;
}

/**
 * Sets the sub-header title, breadcrumbs and the document title while the page is shown.
 * Without it a page gets its route's default title.
 */
export function usePageMeta(meta: PageMeta): void {
  const set = use(PageMetaContext);
  const key = JSON.stringify(meta);
  useEffect(() => {
    if (!set) return;
    set(JSON.parse(key) as PageMeta);
    return () => set(null);
  }, [set, key]);
}
