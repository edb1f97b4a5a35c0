import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function ViewUserPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('PAGES.VIEW_USER') });
  return <UnderConstruction />;
}
