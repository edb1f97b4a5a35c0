/**
 * The strings of every language but English, one loader per file, found at build time: a chunk
 * of its own, fetched only by who reads another language (English, the default and every
 * fallback, is in i18n.ts). Paths as in i18n.ts `localeKey`.
 */
export const otherLanguageFiles = import.meta.glob<unknown>(
  [
    '../locales/*.json',
    '../features/*/locales/*.json',
    '../template/*/locales/*.json',
    '../components/*/locales/*.json',
    '!../**/locales/en.json',
  ],
  { import: 'default' },
);
