import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function TodayPricesPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('MENU.TODAY_PRICES') });
  return <UnderConstruction />;
}
