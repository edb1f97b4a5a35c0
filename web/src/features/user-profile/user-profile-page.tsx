import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function UserProfilePage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('PAGES.USER_PROFILE') });
  return <UnderConstruction />;
}
