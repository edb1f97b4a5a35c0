import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function ReactBootstrapPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('PAGES.REACT_BOOTSTRAP') });
  return <UnderConstruction />;
}
