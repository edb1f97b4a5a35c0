import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { AuthHeading } from './auth-heading';
import { AuthLayout } from './auth-layout';

/**
 * Said at an auth screen's address when the upstream has no call behind it (the deployment's
 * capabilities): a bookmarked or typed link explains itself instead of failing on submit.
 */
export function NotOffered({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <AuthLayout>
      <AuthHeading title={title} description={text} />
      <Button asChild size="lg" className="w-full">
        <Link href="~/auth/login">{t('AUTH.GENERAL.BACK_TO_LOGIN')}</Link>
      </Button>
    </AuthLayout>
  );
}
