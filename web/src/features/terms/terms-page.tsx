import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand, PRODUCT_NAME } from '@/components/brand';

const NS = 'terms';
const SECTIONS = [
  'ACCEPTANCE',
  'ELIGIBILITY',
  'ACCOUNTS',
  'USE',
  'DATA',
  'MESSAGES',
  'CHANGES',
] as const;

/** /terms: the terms and conditions, opened in a new tab from the registration form. */
export function TermsPage() {
  const { t } = useTranslation(NS);
  useEffect(() => {
    document.title = `${t('TITLE')} · ${PRODUCT_NAME}`;
  }, [t]);
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b bg-card">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-5 sm:px-8">
          <Brand />
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-5 py-10 sm:px-8 sm:py-14">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t('TITLE')}</h1>
        <p className="mt-3 text-sm text-muted-foreground">{t('UPDATED')}</p>
        <p className="mt-8 leading-relaxed text-foreground/90">{t('INTRO')}</p>
        <ol className="mt-10 space-y-8">
          {SECTIONS.map((section, at) => (
            <li key={section}>
              <h2 className="text-lg font-semibold">
                {at + 1}. {t(`${section}.TITLE`)}
              </h2>
              <p className="mt-2 leading-relaxed text-muted-foreground">{t(`${section}.TEXT`)}</p>
            </li>
          ))}
        </ol>
      </main>
    </div>
  );
}
