import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function GoogleMaterialPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('PAGES.GOOGLE_MATERIAL') });
  return <UnderConstruction />;
}
