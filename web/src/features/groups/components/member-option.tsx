import { CheckIcon } from 'lucide-react';
import { Avatar, AvatarFallback, AvatarImage, initials } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import type { PickableUser } from '../member-search';

export interface MemberOptionProps {
  id: string;
  member: PickableUser;
  checked: boolean;
  /** The listbox's active option (aria-activedescendant). */
  active: boolean;
  /** Where the virtual list places the row, in px. */
  top: number;
  height: number;
  onToggle: () => void;
}

/** One user of the members listbox: a checkbox mark, the avatar, the name and e-mail. */
export function MemberOption({
  id,
  member,
  checked,
  active,
  top,
  height,
  onToggle,
}: MemberOptionProps) {
  return (
    // Keys are the listbox's (aria-activedescendant), as the ARIA listbox pattern has it; a
    // click toggles too.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus
    <div
      id={id}
      role="option"
      aria-selected={checked}
      data-active={active || undefined}
      onClick={onToggle}
      className="absolute top-0 left-0 flex w-full cursor-pointer items-center gap-3 border-b border-border/60 px-3 select-none hover:bg-accent/60 data-[active=true]:bg-accent"
      style={{ height, transform: `translateY(${top}px)` }}
    >
      <span
        aria-hidden="true"
        className={cn(
          'grid size-4 shrink-0 place-content-center rounded-[4px] border border-input bg-card',
          checked && 'border-primary bg-primary text-primary-foreground',
        )}
      >
        {checked ? <CheckIcon className="size-3.5" strokeWidth={3} /> : null}
      </span>
      <Avatar className="size-8">
        {member.image ? <AvatarImage src={member.image} alt="" /> : null}
        <AvatarFallback className="text-[11px]" userId={member.id}>
          {initials(member.name)}
        </AvatarFallback>
      </Avatar>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{member.name}</span>
        {member.email ? (
          <span className="block truncate text-xs text-muted-foreground">{member.email}</span>
        ) : null}
      </span>
    </div>
  );
}
