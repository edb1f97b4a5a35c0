import type { AppUserRow } from '@/lib/app-users/app-users';
import type { Group } from '@contracts/upstream';
import { CommandPalette } from '@/features/command-palette/command-palette';
import type { PaletteTargets } from '@/features/command-palette/items';
import { useGroups } from '@/features/groups/api/get-groups';
import { newGroupHref } from '@/features/groups/create-link';
import { notifyUserHref } from '@/features/notifications/notify-link';
import { viewUserPath, type ViewUserState } from '@/features/users/schemas';
import { sideMenu } from './menu';

export { ShortcutsSheet } from '@/features/command-palette/shortcuts-sheet';

/**
 * Where the palette leads, in one place: features never import one another, so the shell tells
 * the palette the menus' screens, how a user's invoices and a group's chat are opened, and
 * which links start the actions on their own pages.
 */
const targets: Omit<PaletteTargets, 'useGroups'> = {
  screens: sideMenu.flatMap((section) => section.items),
  userInvoices: (user: AppUserRow) => {
    // The invoices screen takes its user from the navigation state, as All Users hands it over.
    const state: ViewUserState = {
      user: { id: user.id, name: user.name, email: user.email, image: user.image },
    };
    return { path: viewUserPath(user.id), state };
  },
  notifyUser: (user: AppUserRow) => ({ path: notifyUserHref(user.id) }),
  groupChat: (group: Group) => ({ path: `/chats/${group.id}` }),
  newGroup: { path: newGroupHref },
  todayPrices: { path: '/today-prices' },
};

export function ShellCommandPalette(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return <CommandPalette {...props} {...targets} useGroups={useGroups} />;
}
