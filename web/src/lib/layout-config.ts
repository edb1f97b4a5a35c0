import * as z from 'zod/mini';
import { readJson, STORAGE_KEYS, type KeyValueStorage } from './storage';

/** The dashboard's demo variants: demo2 and demo3 have widgets, the rest none. */
export const DEMO_VARIANTS = ['demo2', 'demo3', 'demo4', 'demo5', 'demo6', 'demo7'] as const;
export type DemoVariant = (typeof DEMO_VARIANTS)[number];

/**
 * The layout options (docs/product.md#template-leftovers), stored under `LayoutConfig`. The layout
 * applies them; the builder screen edits them. Unknown, broken or missing stored values fall back
 * field by field, so a config stored before a field existed still reads.
 */
export const layoutConfigSchema = z.object({
  /** `fixed` centres the content in a 1200 px column; `fluid` uses the whole width. */
  width: z.catch(z.enum(['fluid', 'fixed']), 'fluid'),
  /** `tab` shows the top menu as underlined tabs instead of pills. */
  headerMenuLayout: z.catch(z.enum(['default', 'tab']), 'default'),
  /** `solid` gives the sub-header its own bar; `transparent` lets it sit on the page. */
  subheaderStyle: z.catch(z.enum(['transparent', 'solid']), 'solid'),
  /** The desktop header stays at the top of the window while the page scrolls. */
  headerFixed: z.catch(z.boolean(), true),
  /** The desktop aside starts folded to its icon rail. */
  asideMinimized: z.catch(z.boolean(), false),
  /** The desktop footer stays at the bottom of the window while the page scrolls. */
  footerFixed: z.catch(z.boolean(), false),
  /** Which widget set the dashboard shows. */
  demo: z.catch(z.enum(DEMO_VARIANTS), 'demo2'),
});
export type LayoutConfig = z.infer<typeof layoutConfigSchema>;

export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  width: 'fluid',
  headerMenuLayout: 'default',
  subheaderStyle: 'solid',
  headerFixed: true,
  asideMinimized: false,
  footerFixed: false,
  demo: 'demo2',
};

export function readLayoutConfig(storage: KeyValueStorage): LayoutConfig {
  const stored = readJson(storage, STORAGE_KEYS.layout);
  const parsed = layoutConfigSchema.safeParse(
    typeof stored === 'object' && stored !== null ? stored : {},
  );
  return parsed.success ? parsed.data : DEFAULT_LAYOUT_CONFIG;
}

/** The layout config is stored and the page reloads to apply it. */
export function saveLayoutConfig(
  storage: KeyValueStorage,
  config: LayoutConfig,
  reload: () => void,
): void {
  storage.setItem(STORAGE_KEYS.layout, JSON.stringify(layoutConfigSchema.parse(config)));
  reload();
}

export function resetLayoutConfig(storage: KeyValueStorage, reload: () => void): void {
  storage.removeItem(STORAGE_KEYS.layout);
  reload();
}
