import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function AnnouncementsPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('MENU.ANNOUNCEMENT') });
  return <UnderConstruction />;
}
