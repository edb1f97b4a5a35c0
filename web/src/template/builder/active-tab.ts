import { STORAGE_KEYS, type KeyValueStorage } from '@/lib/storage';

export const BUILDER_TABS = ['HEADER', 'SUBHEADER', 'CONTENT', 'ASIDE', 'FOOTER'] as const;
export type BuilderTab = (typeof BUILDER_TABS)[number];

/** The selected tab is kept under `builderActiveTab` as its index, default 0. */
export function readActiveTab(storage: KeyValueStorage): number {
  const stored = Number(storage.getItem(STORAGE_KEYS.builderActiveTab));
  return Number.isInteger(stored) && stored >= 0 && stored < BUILDER_TABS.length ? stored : 0;
}

export function saveActiveTab(storage: KeyValueStorage, index: number): void {
  storage.setItem(STORAGE_KEYS.builderActiveTab, String(index));
}
