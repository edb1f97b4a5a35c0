import { useTranslation } from 'react-i18next';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import { useCapabilities } from '@/lib/api/capabilities';

interface MembersFooterProps {
  /** How many users are picked. */
  picked: number;
  saving: boolean;
  /** The lists are loading or failed: nothing to save yet. */
  unready: boolean;
  onSave: () => void;
}

/**
 * Cancel and Save of the Members dialog. An upstream that cannot empty a group (it requires
 * `user_ids`) is not asked to: Save then waits for a member, and the reason is said beside it.
 */
export function MembersFooter({ picked, saving, unready, onSave }: MembersFooterProps) {
  const { t } = useTranslation('groups');
  const keepsOne = useCapabilities()?.emptyGroup === false && picked === 0;
  return (
    <DialogSubmitFooter
      footerClassName="items-center"
      start={
        keepsOne ? (
          <p id="members-keep-one" className="mr-auto text-sm text-muted-foreground">
            {t('KEEPS_ONE_MEMBER')}
          </p>
        ) : null
      }
      pending={saving}
      disabled={unready || keepsOne}
      aria-describedby={keepsOne ? 'members-keep-one' : undefined}
      onClick={onSave}
    >
      {t('SAVE_MEMBERS')}
    </DialogSubmitFooter>
  );
}
