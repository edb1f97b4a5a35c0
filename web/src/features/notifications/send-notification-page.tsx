import { useTranslation } from 'react-i18next';
import { usePageMeta } from '@/components/page-meta';
import { UnderConstruction } from '@/components/under-construction';

export function SendNotificationPage() {
  const { t } = useTranslation();
  usePageMeta({ title: t('MENU.SEND_NOTIFICATION') });
  return <UnderConstruction />;
}
