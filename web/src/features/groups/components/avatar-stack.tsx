import { useTranslation } from 'react-i18next';
import type { User } from '@contracts/upstream/upstream';
import { Avatar, AvatarFallback, AvatarImage, initials } from '@/components/ui/avatar';
import { GROUP_AVATAR_STACK_MAX } from '@/lib/constants';
import { cn } from '@/lib/utils';

type Person = Pick<User, 'id' | 'name' | 'image'>;

/** At most four member avatars, then "+N" for the rest. */
export function AvatarStack({
  users,
  className,
}: {
  users: readonly Person[];
  className?: string;
}) {
  const { t } = useTranslation('groups');
  const shown = users.slice(0, GROUP_AVATAR_STACK_MAX);
  const rest = users.length - shown.length;
  if (users.length === 0) {
    return <p className={cn('text-sm text-muted-foreground', className)}>{t('NO_MEMBERS')}</p>;
  }
  return (
    <ul
      className={cn('flex items-center -space-x-2', className)}
      aria-label={t('MEMBERS_LABEL', { value: users.length })}
      data-testid="avatar-stack"
    >
      {shown.map((user) => (
        <li key={user.id} title={user.name}>
          <Avatar className="size-8 ring-2 ring-card">
            {user.image?.original_url ? (
              <AvatarImage src={user.image.original_url} alt={user.name} />
            ) : null}
            <AvatarFallback className="text-[11px]" userId={user.id}>
              {initials(user.name)}
            </AvatarFallback>
          </Avatar>
        </li>
      ))}
      {rest > 0 ? (
        <li>
          <span
            className="grid h-8 min-w-8 place-content-center rounded-full bg-muted px-1.5 text-[11px] font-semibold text-muted-foreground tabular-nums ring-2 ring-card"
            data-testid="avatar-more"
          >
            +{rest}
          </span>
        </li>
      ) : null}
    </ul>
  );
}
