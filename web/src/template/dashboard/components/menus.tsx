import type dashboardStrings from '../locales/en.json';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CalendarIcon,
  CircleHelpIcon,
  FileIcon,
  FilePlusIcon,
  FolderKanbanIcon,
  MessageSquarePlusIcon,
  MoreHorizontalIcon,
  NotebookPenIcon,
  PhoneIcon,
  SettingsIcon,
  ShieldCheckIcon,
  ShoppingCartIcon,
  SquarePenIcon,
  UserPlusIcon,
  UsersIcon,
  ContactIcon,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import type { LabelKey, Tone } from '../sample-data';
import { useInertNoteId } from './inert';
import { softTone } from './tone';

const NS = 'dashboard';

export type MenuKind = 'label' | 'add-new' | 'contact';

/** The template's dropdown fragments: labels, add-new choices and the contact menu. */
export function WidgetMenu({ kind, widget }: { kind: MenuKind; widget: string }) {
  const { t } = useTranslation(NS);
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={t('INERT.MORE', { widget })}
          className="-mt-1 -mr-2 text-muted-foreground hover:text-foreground"
          data-testid="widget-menu"
        >
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        {kind === 'label' ? <LabelChoices /> : null}
        {kind === 'add-new' ? <AddNewChoices /> : null}
        {kind === 'contact' ? <ContactChoices /> : null}
        <DropdownMenuSeparator />
        <p className="px-2 py-1.5 text-xs text-muted-foreground">{t('INERT.MENU_NOTE')}</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export const LABEL_TONES: Record<LabelKey, Tone> = {
  CUSTOMER: 'success',
  PARTNER: 'destructive',
  SUPPLIER: 'warning',
  MEMBER: 'primary',
  STAFF: 'info',
};

/** Choosing does nothing: the item says it is unavailable, and the menu simply closes. */
function InertItem({ icon: Icon, children }: { icon?: LucideIcon; children: ReactNode }) {
  const noteId = useInertNoteId();
  return (
    <DropdownMenuItem aria-disabled="true" aria-describedby={noteId} data-inert="">
      {Icon ? <Icon aria-hidden="true" /> : null}
      {children}
    </DropdownMenuItem>
  );
}

function LabelChoices() {
  const { t } = useTranslation(NS);
  return (
    <DropdownMenuGroup>
      <DropdownMenuLabel>{t('MENUS.CHOOSE_LABEL')}</DropdownMenuLabel>
      {(Object.keys(LABEL_TONES) as LabelKey[]).map((label) => (
        <InertItem key={label}>
          <span
            className={cn(
              'rounded-md px-2 py-0.5 text-xs font-medium',
              softTone[LABEL_TONES[label]],
            )}
          >
            {t(`MENUS.${label}`)}
          </span>
        </InertItem>
      ))}
    </DropdownMenuGroup>
  );
}

/** The sample menus' entries, each a key under MENUS in the dashboard's strings. */
type MenuKey = keyof (typeof dashboardStrings)['MENUS'];

const ADD_NEW: readonly [MenuKey, LucideIcon][] = [
  ['ORDER', ShoppingCartIcon],
  ['EVENT', CalendarIcon],
  ['REPORT', NotebookPenIcon],
  ['POST', SquarePenIcon],
  ['FILE', FileIcon],
];
const ADD_TEAM: readonly [MenuKey, LucideIcon][] = [
  ['MEMBERS', UserPlusIcon],
  ['PROJECT', FolderKanbanIcon],
  ['RECORD', FilePlusIcon],
];

function AddNewChoices() {
  const { t } = useTranslation(NS);
  return (
    <>
      <DropdownMenuGroup>
        <DropdownMenuLabel>{t('MENUS.ADD_NEW')}</DropdownMenuLabel>
        {ADD_NEW.map(([key, icon]) => (
          <InertItem key={key} icon={icon}>
            {t(`MENUS.${key}`)}
          </InertItem>
        ))}
      </DropdownMenuGroup>
      <DropdownMenuSeparator />
      <DropdownMenuGroup>
        <DropdownMenuLabel>{t('MENUS.ADD_TEAM')}</DropdownMenuLabel>
        {ADD_TEAM.map(([key, icon]) => (
          <InertItem key={key} icon={icon}>
            {t(`MENUS.${key}`)}
          </InertItem>
        ))}
      </DropdownMenuGroup>
    </>
  );
}

const CONTACT: readonly [MenuKey, LucideIcon][] = [
  ['NEW_GROUP', MessageSquarePlusIcon],
  ['CONTACTS_ITEM', ContactIcon],
  ['GROUPS', UsersIcon],
  ['CALLS', PhoneIcon],
  ['SETTINGS', SettingsIcon],
];
const CONTACT_MORE: readonly [MenuKey, LucideIcon][] = [
  ['HELP', CircleHelpIcon],
  ['PRIVACY', ShieldCheckIcon],
];

function ContactChoices() {
  const { t } = useTranslation(NS);
  return (
    <>
      <DropdownMenuGroup>
        <DropdownMenuLabel>{t('MENUS.CONTACTS')}</DropdownMenuLabel>
        {CONTACT.map(([key, icon]) => (
          <InertItem key={key} icon={icon}>
            {t(`MENUS.${key}`)}
          </InertItem>
        ))}
      </DropdownMenuGroup>
      <DropdownMenuSeparator />
      <DropdownMenuGroup>
        {CONTACT_MORE.map(([key, icon]) => (
          <InertItem key={key} icon={icon}>
            {t(`MENUS.${key}`)}
          </InertItem>
        ))}
      </DropdownMenuGroup>
    </>
  );
}
