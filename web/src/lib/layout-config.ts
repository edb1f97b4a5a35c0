import { z } from 'zod';
import { readJson, STORAGE_KEYS, type KeyValueStorage } from './storage';

/**
 * The layout options of SPEC section 9, stored under `LayoutConfig`. The layout applies them;
 * the builder screen edits them. Unknown or broken stored values fall back field by field.
 */
export const layoutConfigSchema = z.object({
  /** `fixed` centres the content in a 1200 px column; `fluid` uses the whole width. */
  width: z.enum(['fluid', 'fixed']).catch('fluid'),
  /** `tab` shows the top menu as underlined tabs instead of pills. */
  headerMenuLayout: z.enum(['default', 'tab']).catch('default'),
  /** `solid` gives the sub-header its own bar; `transparent` lets it sit on the page. */
  subheaderStyle: z.enum(['transparent', 'solid']).catch('solid'),
});
export type LayoutConfig = z.infer<typeof layoutConfigSchema>;

export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  width: 'fluid',
  headerMenuLayout: 'default',
  subheaderStyle: 'solid',
};

export function readLayoutConfig(storage: KeyValueStorage): LayoutConfig {
  const stored = readJson(storage, STORAGE_KEYS.layout);
  const parsed = layoutConfigSchema.safeParse(
    typeof stored === 'object' && stored !== null ? stored : {},
  );
  return parsed.success ? parsed.data : DEFAULT_LAYOUT_CONFIG;
}

/** SPEC section 4: the layout config is stored and the page reloads to apply it. */
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
