import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import type { Editor, PresenceStore } from './presence';

/**
 * The other admins editing one row, as avatars. Every row subscribes, and only a row whose
 * editors change re-renders; rows nobody edits render nothing more than the subscription.
 */
export function RowEditors({ presence, row }: { presence: PresenceStore; row: string }) {
  const editors = useSyncExternalStore(presence.subscribe, () => presence.editorsOf(row));
  return editors.length === 0 ? null : <Avatars editors={editors} />;
}

function Avatars({ editors }: { editors: readonly Editor[] }) {
  const { t } = useTranslation('prices');
  return (
    <span className="ml-2 inline-flex -space-x-1 align-middle" data-testid="desk-editors">
      {editors.map((editor) => {
        const label = t('DESK.EDITING', { name: editor.name });
        return (
          <span key={editor.uid} role="img" aria-label={label} className="group/editor relative">
            <Avatar className="size-6 ring-2 ring-background">
              <AvatarFallback className="text-[0.625rem]">{initials(editor.name)}</AvatarFallback>
            </Avatar>
            <span
              aria-hidden="true"
              className="absolute top-full left-0 z-20 mt-1 hidden w-max max-w-56 rounded-md bg-foreground px-2.5 py-1 text-xs font-normal text-background shadow-md group-hover/editor:block"
            >
              {label}
            </span>
          </span>
        );
      })}
    </span>
  );
}
