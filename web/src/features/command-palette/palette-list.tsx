import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusIcon, SendIcon, UserIcon, UsersRoundIcon, FuelIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { PaletteAction, PaletteItem, PaletteSection, PaletteStep } from './items';
import { ACTION_LABELS } from './use-palette-results';

const SECTION_LABELS = {
  screens: 'GROUP_SCREENS',
  actions: 'GROUP_ACTIONS',
  groups: 'GROUP_GROUPS',
  users: 'GROUP_USERS',
} as const satisfies Record<PaletteSection['id'], string>;

const ACTION_ICONS = {
  'notify-user': SendIcon,
  'new-group': PlusIcon,
  'today-prices': FuelIcon,
} satisfies Record<PaletteAction, unknown>;

export interface PaletteListProps {
  id: string;
  sections: readonly PaletteSection[];
  active: number;
  optionId: (at: number) => string;
  step: PaletteStep;
  /** Every user the query matched (more than are listed, often). */
  usersTotal: number;
  onHover: (at: number) => void;
  onChoose: (item: PaletteItem) => void;
}

/** The results: a listbox of labelled groups of options, the active one highlighted. */
export function PaletteList(props: PaletteListProps) {
  const { t } = useTranslation('command-palette');
  const headingId = useId();
  let at = 0;
  return (
    <div
      id={props.id}
      role="listbox"
      aria-label={t('RESULTS')}
      hidden={props.sections.length === 0}
      className="max-h-[min(70vh,30rem)] overflow-y-auto p-2"
    >
      {props.sections.map((section) => (
        <div
          key={section.id}
          role="group"
          aria-labelledby={`${headingId}-${section.id}`}
          className="pb-1"
        >
          <div
            id={`${headingId}-${section.id}`}
            aria-hidden="true"
            className="px-2 pt-2 pb-1 text-[11px] font-semibold tracking-wider text-muted-foreground uppercase"
          >
            {section.id === 'users' && props.usersTotal > section.items.length
              ? t('USERS_SHOWN', { shown: section.items.length, total: props.usersTotal })
              : t(SECTION_LABELS[section.id])}
          </div>
          {section.items.map((item) => {
            const position = at++;
            return (
              <Option
                key={`${item.kind}-${keyOf(item)}`}
                id={props.optionId(position)}
                item={item}
                step={props.step}
                selected={position === props.active}
                onHover={() => props.onHover(position)}
                onChoose={() => props.onChoose(item)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

function keyOf(item: PaletteItem): string | number {
  switch (item.kind) {
    case 'screen':
      return item.screen.href;
    case 'user':
      return item.user.id;
    case 'group':
      return item.group.id;
    case 'action':
      return item.action;
  }
}

function Option({
  id,
  item,
  step,
  selected,
  onHover,
  onChoose,
}: {
  id: string;
  item: PaletteItem;
  step: PaletteStep;
  selected: boolean;
  onHover: () => void;
  onChoose: () => void;
}) {
  const { t } = useTranslation('command-palette');
  const { Icon, label, detail } = describe(item, step, t);
  return (
    // Focus stays in the search field (aria-activedescendant): options are chosen from there
    // with Enter, or with a click.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events
    <div
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      // Keep the focus in the search field.
      onPointerDown={(event) => event.preventDefault()}
      onPointerMove={onHover}
      onClick={onChoose}
      data-testid="command-palette-option"
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 text-sm',
        selected && 'bg-accent text-accent-foreground',
      )}
    >
      <span className="grid size-7 shrink-0 place-content-center rounded-md bg-muted text-muted-foreground">
        <Icon aria-hidden="true" className="size-4" />
      </span>
      <span className="min-w-0 flex-1 truncate">{label}</span>
      {detail ? <span className="truncate text-xs text-muted-foreground">{detail}</span> : null}
    </div>
  );
}

type T = ReturnType<typeof useTranslation<'command-palette'>>['t'];

function describe(item: PaletteItem, step: PaletteStep, t: T) {
  switch (item.kind) {
    case 'screen':
      return { Icon: item.screen.icon, label: t(item.screen.labelKey), detail: '' };
    case 'user':
      return {
        Icon: step === 'notify-user' ? SendIcon : UserIcon,
        label: item.user.name,
        detail: `${item.user.email} · ${t('USER_ID', { value: item.user.id })}`,
      };
    case 'group':
      return { Icon: UsersRoundIcon, label: item.group.name, detail: t('OPEN_CHAT') };
    case 'action':
      return { Icon: ACTION_ICONS[item.action], label: t(ACTION_LABELS[item.action]), detail: '' };
  }
}
