import { describe, expect, it } from 'vitest';
import { storageKeysFor } from './storage';

describe('the local storage keys', () => {
  it('name the language and layout keys as the build configures them', () => {
    const keys = storageKeysFor({
      VITE_LANGUAGE_STORAGE_KEY: 'fuelLanguage',
      VITE_LAYOUT_STORAGE_KEY: ' fuelLayout ',
    });
    expect([keys.language, keys.layout]).toEqual(['fuelLanguage', 'fuelLayout']);
  });

  it("default to the original's names when the build names none", () => {
    const keys = storageKeysFor({ VITE_LANGUAGE_STORAGE_KEY: '  ' });
    expect([keys.language, keys.layout]).toEqual(['i18nConfig', 'LayoutConfig']);
  });
});
