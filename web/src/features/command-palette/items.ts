import type { ParseKeys } from 'i18next';
import type { LucideIcon } from 'lucide-react';
import type { Group } from '@contracts/upstream/upstream';
import type { Listed } from '@/lib/api/listed';
import type { AppUserRow } from '@/lib/app-users/app-users';

/** Where choosing something takes the admin: a path and, for some screens, its history state. */
export interface Destination {
  path: string;
  state?: unknown;
}

/** A screen of the menus. */
export interface Screen {
  href: string;
  labelKey: ParseKeys;
  icon: LucideIcon;
}

/** What the palette reaches, supplied by the app shell (features never import one another). */
export interface PaletteTargets {
  screens: readonly Screen[];
  /** The chat groups (the groups page's own query, so the two share one cache entry). */
  useGroups: () => { data?: Listed<Group> | undefined };
  userInvoices: (user: AppUserRow) => Destination;
  notifyUser: (user: AppUserRow) => Destination;
  groupChat: (group: Group) => Destination;
  newGroup: Destination;
  todayPrices: Destination;
}

export type PaletteAction = 'notify-user' | 'new-group' | 'today-prices';

export type PaletteItem =
  | { kind: 'screen'; screen: Screen }
  | { kind: 'user'; user: AppUserRow }
  | { kind: 'group'; group: Group }
  | { kind: 'action'; action: PaletteAction };

export interface PaletteSection {
  id: 'actions' | 'screens' | 'users' | 'groups';
  items: PaletteItem[];
}

/** The palette's first step, or choosing the user a notification goes to. */
export type PaletteStep = 'root' | 'notify-user';

/** How many of each kind the palette lists at most: it is a launcher, not a list screen. */
export const LIMITS = { screens: 8, users: 8, groups: 5 } as const;

/** The sections in the order shown, empty ones left out. */
export function sectionsOf(parts: Partial<Record<PaletteSection['id'], PaletteItem[]>>) {
  const order: PaletteSection['id'][] = ['screens', 'actions', 'groups', 'users'];
  return order
    .map((id) => ({ id, items: parts[id] ?? [] }))
    .filter((section) => section.items.length > 0);
}

/** The destination of an item, or the next step when it needs one more choice. */
export function outcomeOf(
  item: PaletteItem,
  step: PaletteStep,
  targets: PaletteTargets,
): { go: Destination } | { step: PaletteStep } {
  switch (item.kind) {
    case 'screen':
      return { go: { path: item.screen.href } };
    case 'user':
      return {
        go:
          step === 'notify-user' ? targets.notifyUser(item.user) : targets.userInvoices(item.user),
      };
    case 'group':
      return { go: targets.groupChat(item.group) };
    case 'action':
      if (item.action === 'notify-user') return { step: 'notify-user' };
      return { go: item.action === 'new-group' ? targets.newGroup : targets.todayPrices };
  }
}
