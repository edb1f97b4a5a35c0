import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCapabilities } from '@/lib/api/capabilities';

interface MembersFooterProps {
  /** How many users are picked. */
  picked: number;
  saving: boolean;
  /** The lists are loading or failed: nothing to save yet. */
  unready: boolean;
  onCancel: () => void;
  onSave: () => void;
}

/**
 * Cancel and Save of the Members dialog. An upstream that cannot empty a group (it requires
 * `user_ids`) is not asked to: Save then waits for a member, and the reason is said beside it.
 */
export function MembersFooter({ picked, saving, unready, onCancel, onSave }: MembersFooterProps) {
  const { t } = useTranslation('groups');
  const keepsOne = useCapabilities()?.emptyGroup === false && picked === 0;
  return (
    <DialogFooter className="items-center">
      {keepsOne ? (
        <p id="members-keep-one" className="mr-auto text-sm text-muted-foreground">
          {t('KEEPS_ONE_MEMBER')}
        </p>
      ) : null}
      <Button variant="outline" onClick={onCancel} disabled={saving}>
        {t('COMMON.CANCEL')}
      </Button>
      <Button
        onClick={onSave}
        disabled={saving || unready || keepsOne}
        aria-describedby={keepsOne ? 'members-keep-one' : undefined}
      >
        {saving ? <Spinner /> : null}
        {t('SAVE_MEMBERS')}
      </Button>
    </DialogFooter>
  );
}
