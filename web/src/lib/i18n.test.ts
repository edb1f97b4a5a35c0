import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '@/testing/fakes';
import { createI18n, localeLoaders, readLanguage, saveLanguage } from './i18n';
import { STORAGE_KEYS } from './storage';

describe('the language', () => {
  it('defaults to English and reads the stored choice', () => {
    expect(readLanguage(memoryStorage())).toBe('en');
    expect(readLanguage(memoryStorage({ [STORAGE_KEYS.language]: '{"selectedLang":"ja"}' }))).toBe(
      'ja',
    );
    expect(readLanguage(memoryStorage({ [STORAGE_KEYS.language]: '{"selectedLang":"xx"}' }))).toBe(
      'en',
    );
  });

  it('is stored as the original stored it and reloads the page', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    saveLanguage(storage, 'fr', reload);
    expect(storage.getItem(STORAGE_KEYS.language)).toBe('{"selectedLang":"fr"}');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('loads a language and a feature namespace on demand', async () => {
    const i18n = await createI18n('ja');
    expect(i18n.t('MENU.ALL_USERS')).not.toBe('All Users');
    await i18n.loadNamespaces('terms');
    expect(i18n.t('TITLE', { ns: 'terms' })).not.toBe('TITLE');
  });

  it("keeps the other languages' loaders out of English: an English page needs none of them", async () => {
    const english = [...(await localeLoaders('en')).keys()];
    expect(english).toContain('en/users');
    expect(english.every((key) => key.startsWith('en/'))).toBe(true);
    const german = [...(await localeLoaders('de')).keys()];
    expect(german).toEqual(expect.arrayContaining(['de/common', 'de/users', 'de/push-composer']));
    expect(german.some((key) => key.startsWith('en/'))).toBe(false);
  });

  it("has the first screen's namespaces loaded when it is ready, so that screen does not wait", async () => {
    const i18n = await createI18n('de', ['users', 'terms']);
    expect(i18n.hasLoadedNamespace('users')).toBe(true);
    expect(i18n.hasLoadedNamespace('terms')).toBe(true);
    expect(i18n.hasLoadedNamespace('chat')).toBe(false);
    expect(i18n.t('TITLE', { ns: 'terms' })).not.toBe('TITLE');
  });
});
