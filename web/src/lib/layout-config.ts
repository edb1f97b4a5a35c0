import { readJson, STORAGE_KEYS, type KeyValueStorage } from './storage';

/** The dashboard's demo variants: demo2 and demo3 have widgets, the rest none. */
export const DEMO_VARIANTS = ['demo2', 'demo3', 'demo4', 'demo5', 'demo6', 'demo7'] as const;
export type DemoVariant = (typeof DEMO_VARIANTS)[number];

/**
 * The layout options (docs/product.md#template-leftovers), stored under `LayoutConfig`. The layout
 * applies them; the builder screen edits them.
 */
export interface LayoutConfig {
  /** `fixed` centres the content in a 1200 px column; `fluid` uses the whole width. */
  width: 'fluid' | 'fixed';
  /** `tab` shows the top menu as underlined tabs instead of pills. */
  headerMenuLayout: 'default' | 'tab';
  /** `solid` gives the sub-header its own bar; `transparent` lets it sit on the page. */
  subheaderStyle: 'transparent' | 'solid';
  /** The desktop header stays at the top of the window while the page scrolls. */
  headerFixed: boolean;
  /** The desktop aside starts folded to its icon rail. */
  asideMinimized: boolean;
  /** The desktop footer stays at the bottom of the window while the page scrolls. */
  footerFixed: boolean;
  /** Which widget set the dashboard shows. */
  demo: DemoVariant;
}

export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  width: 'fluid',
  headerMenuLayout: 'default',
  subheaderStyle: 'solid',
  headerFixed: true,
  asideMinimized: false,
  footerFixed: false,
  demo: 'demo2',
};

const oneOf =
  <T extends string>(...values: readonly T[]) =>
  (value: unknown, fallback: T): T =>
    values.find((known) => known === value) ?? fallback;
const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const width = oneOf('fluid', 'fixed');
const headerMenuLayout = oneOf('default', 'tab');
const subheaderStyle = oneOf('transparent', 'solid');
const demo = oneOf(...DEMO_VARIANTS);

/**
 * A stored config, field by field: an unknown, broken or missing value falls back to its
 * default, so a config stored before a field existed still reads. Read without zod: the shell
 * reads it for its first paint, which loads no schema library.
 */
export function layoutConfigFrom(stored: unknown): LayoutConfig {
  const fields: Partial<Record<keyof LayoutConfig, unknown>> =
    typeof stored === 'object' && stored !== null ? stored : {};
  const d = DEFAULT_LAYOUT_CONFIG;
  return {
    width: width(fields.width, d.width),
    headerMenuLayout: headerMenuLayout(fields.headerMenuLayout, d.headerMenuLayout),
    subheaderStyle: subheaderStyle(fields.subheaderStyle, d.subheaderStyle),
    headerFixed: flag(fields.headerFixed, d.headerFixed),
    asideMinimized: flag(fields.asideMinimized, d.asideMinimized),
    footerFixed: flag(fields.footerFixed, d.footerFixed),
    demo: demo(fields.demo, d.demo),
  };
}

export function readLayoutConfig(storage: KeyValueStorage): LayoutConfig {
  return layoutConfigFrom(readJson(storage, STORAGE_KEYS.layout));
}

/** The layout config is stored and the page reloads to apply it. */
export function saveLayoutConfig(
  storage: KeyValueStorage,
  config: LayoutConfig,
  reload: () => void,
): void {
  storage.setItem(STORAGE_KEYS.layout, JSON.stringify(layoutConfigFrom(config)));
  reload();
}

export function resetLayoutConfig(storage: KeyValueStorage, reload: () => void): void {
  storage.removeItem(STORAGE_KEYS.layout);
  reload();
}
