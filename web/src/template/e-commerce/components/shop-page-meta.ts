import { useTranslation } from 'react-i18next';
import { usePageMeta, type Crumb } from '@/components/page-meta';

/** The shop's sub-header: its title, and the crumbs of the page shown after the shop's own. */
export function useShopPageMeta(...crumbs: Crumb[]): void {
  const { t } = useTranslation('e-commerce');
  usePageMeta({
    title: t('PAGES.E_COMMERCE'),
    breadcrumbs: [{ label: t('PAGES.E_COMMERCE'), href: '/e-commerce' }, ...crumbs],
  });
}
