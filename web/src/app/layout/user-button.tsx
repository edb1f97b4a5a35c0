import { useTranslation } from 'react-i18next';
import { Avatar, AvatarFallback, AvatarImage, initials } from '@/components/ui/avatar';
import { useSession } from '@/lib/services';
import { cn } from '@/lib/utils';

export interface PanelTriggerProps {
  onPointerEnter: () => void;
  onFocus: () => void;
}

/**
 * Opens the user panel: "Hi, <first name>" and the avatar. The space after the name keeps it
 * and the initials two words, as they are in the button's name.
 */
export function UserButton({
  onOpen,
  compact = false,
  ...intent
}: { onOpen: () => void; compact?: boolean } & Partial<PanelTriggerProps>) {
  const { t } = useTranslation();
  const session = useSession();
  const name = session?.user.name ?? '';
  const firstName = name.split(/\s+/)[0] ?? name;
  const image = session?.user.image?.original_url;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      // The name starts with what the button shows (greeting, first name, initials), so someone who
      // says what they see can press it.
      aria-label={t('USER_PANEL.OPEN', {
        greeting: t('USER_PANEL.HI'),
        firstName,
        initials: initials(name),
        name,
      })}
      data-testid="user-menu"
      {...intent}
      className={cn(
        'inline-flex cursor-pointer items-center gap-2.5 rounded-lg text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40',
        compact ? 'p-0.5' : 'py-1 pr-1 pl-2.5 hover:bg-muted',
      )}
    >
      {compact ? null : (
        <span className="hidden text-muted-foreground xl:inline">
          {t('USER_PANEL.HI')}{' '}
          <span className="font-semibold text-foreground">{firstName}</span>{' '}
        </span>
      )}
      <Avatar className="size-8 rounded-lg">
        {image ? <AvatarImage src={image} alt="" /> : null}
        <AvatarFallback className={cn('rounded-lg text-xs', compact && 'bg-white/12 text-white')}>
          {initials(name)}
        </AvatarFallback>
      </Avatar>
    </button>
  );
}
