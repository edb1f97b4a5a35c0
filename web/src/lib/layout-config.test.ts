import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/fakes';
import {
  DEFAULT_LAYOUT_CONFIG,
  readLayoutConfig,
  resetLayoutConfig,
  saveLayoutConfig,
} from './layout-config';
import { STORAGE_KEYS } from './storage';

describe('the layout config', () => {
  it('defaults to fluid, default menu, solid sub-header', () => {
    expect(readLayoutConfig(memoryStorage())).toEqual(DEFAULT_LAYOUT_CONFIG);
  });

  it('is stored under LayoutConfig and reloads the page on change', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    saveLayoutConfig(
      storage,
      { width: 'fixed', headerMenuLayout: 'tab', subheaderStyle: 'transparent' },
      reload,
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readLayoutConfig(storage)).toEqual({
      width: 'fixed',
      headerMenuLayout: 'tab',
      subheaderStyle: 'transparent',
    });
    resetLayoutConfig(storage, reload);
    expect(storage.getItem(STORAGE_KEYS.layout)).toBeNull();
  });

  it('falls back field by field on unknown stored values', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.layout]: JSON.stringify({ width: 'fixed', headerMenuLayout: 'mega' }),
    });
    expect(readLayoutConfig(storage)).toEqual({ ...DEFAULT_LAYOUT_CONFIG, width: 'fixed' });
    expect(readLayoutConfig(memoryStorage({ [STORAGE_KEYS.layout]: 'not json' }))).toEqual(
      DEFAULT_LAYOUT_CONFIG,
    );
  });
});
