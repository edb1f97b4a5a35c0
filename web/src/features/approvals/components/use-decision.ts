import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Decision } from '@contracts/changes/changes';
import { toast } from '@/lib/toast';
import { alreadyDecided, useDecide } from '../api/decide';

const DONE: Record<Decision, ParseKeys<'approvals'>> = {
  approve: 'MESSAGES.APPROVED',
  reject: 'MESSAGES.REJECTED',
  withdraw: 'MESSAGES.WITHDRAWN',
};

/**
 * Sends a decision and says how it went: a toast when made, another when the request had
 * already been decided (409: nothing more to do, its new state shows live). Any other failure
 * is thrown for the dialog to show, keeping it open.
 */
export function useDecision() {
  const { t } = useTranslation('approvals');
  const decide = useDecide();
  return async (id: string, decision: Decision, reason?: string): Promise<void> => {
    try {
      await decide.mutateAsync({ id, decision, reason });
    } catch (error) {
      if (!alreadyDecided(error)) throw error;
      toast.info(t('MESSAGES.ALREADY_DECIDED'));
      return;
    }
    toast.success(t(DONE[decision]));
  };
}
