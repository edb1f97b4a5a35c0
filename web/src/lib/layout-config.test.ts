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
  it('defaults to fluid, default menu, solid sub-header, fixed header, demo2', () => {
    expect(readLayoutConfig(memoryStorage())).toEqual({
      width: 'fluid',
      headerMenuLayout: 'default',
      subheaderStyle: 'solid',
      headerFixed: true,
      asideMinimized: false,
      footerFixed: false,
      demo: 'demo2',
    });
    expect(readLayoutConfig(memoryStorage())).toEqual(DEFAULT_LAYOUT_CONFIG);
  });

  it('is stored under LayoutConfig and reloads the page on change', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const changed = {
      width: 'fixed',
      headerMenuLayout: 'tab',
      subheaderStyle: 'transparent',
      headerFixed: false,
      asideMinimized: true,
      footerFixed: true,
      demo: 'demo5',
    } as const;
    saveLayoutConfig(storage, changed, reload);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(readLayoutConfig(storage)).toEqual(changed);
    resetLayoutConfig(storage, reload);
    expect(storage.getItem(STORAGE_KEYS.layout)).toBeNull();
  });

  it('falls back field by field on unknown stored values', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.layout]: JSON.stringify({ width: 'fixed', headerMenuLayout: 'mega' }),
    });
    expect(readLayoutConfig(storage)).toEqual({ ...DEFAULT_LAYOUT_CONFIG, width: 'fixed' });
    // A config stored before the header, aside, footer and demo options existed still reads.
    const older = memoryStorage({
      [STORAGE_KEYS.layout]: JSON.stringify({ width: 'fixed', subheaderStyle: 'transparent' }),
    });
    expect(readLayoutConfig(older)).toEqual({
      ...DEFAULT_LAYOUT_CONFIG,
      width: 'fixed',
      subheaderStyle: 'transparent',
    });
    expect(
      readLayoutConfig(
        memoryStorage({ [STORAGE_KEYS.layout]: JSON.stringify({ demo: 'demo1', footerFixed: 1 }) }),
      ),
    ).toEqual(DEFAULT_LAYOUT_CONFIG);
    expect(readLayoutConfig(memoryStorage({ [STORAGE_KEYS.layout]: 'not json' }))).toEqual(
      DEFAULT_LAYOUT_CONFIG,
    );
  });
});
