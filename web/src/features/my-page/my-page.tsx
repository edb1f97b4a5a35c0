import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';

/** A placeholder page titled 'My Custom title' showing 'My Page'. */
export function MyPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('MY_PAGE.TITLE') });
  return (
    <section className="rounded-xl border bg-card p-6 shadow-xs">
      <p className="text-base font-medium" data-testid="my-page">
        {t('MY_PAGE.TEXT')}
      </p>
    </section>
  );
}
