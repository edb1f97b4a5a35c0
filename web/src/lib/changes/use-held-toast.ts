import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { toast } from '../toast';
import { APPROVALS_PATH } from './approvals-path';

/**
 * Tells the admin a change was held for a second admin rather than made (`message`, by default
 * "Awaiting approval"), with a way to the Approvals screen where the request waits.
 */
export function useHeldToast(): (message?: string) => void {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return useCallback(
    (message) =>
      toast.success(message ?? t('HELD.AWAITING'), {
        label: t('HELD.OPEN_APPROVALS'),
        onClick: () => navigate(APPROVALS_PATH),
      }),
    [t, navigate],
  );
}
