import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function ComplaintsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('MENU.COMPLAINTS') });
  return <UnderConstruction />;
}
