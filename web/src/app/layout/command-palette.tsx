import { useMemo } from 'react';
import type { AppUserRow } from '@/lib/app-users/app-users';
import type { Group } from '@contracts/upstream/upstream';
import { CommandPalette } from '@/features/command-palette/command-palette';
import type { ShellCommand } from '@/features/command-palette/shortcuts';
import { ShortcutsSheet } from '@/features/command-palette/shortcuts-sheet';
import type { PaletteTargets } from '@/features/command-palette/items';
import { useGroups } from '@/features/groups/api/get-groups';
import { newGroupHref } from '@/features/groups/create-link';
import { notifyUserHref } from '@/features/notifications/notify-link';
import type { ViewUserState } from '@/features/users/schemas';
import { viewUserPath } from '@/features/users/view-user-link';
import { useSideMenu } from './use-side-menu';

/**
 * Where the palette leads, in one place: features never import one another, so the shell tells
 * the palette the menus' screens, how a user's invoices and a group's chat are opened, and
 * which links start the actions on their own pages.
 */
const targets: Omit<PaletteTargets, 'useGroups' | 'screens'> = {
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

/** The palette or the shortcuts sheet, whichever the shell's shortcuts (or button) opened. */
export function ShellCommands({
  which,
  onOpen,
  mac,
}: {
  /** Whether either is open (what loads this code the first time). */
  open: boolean;
  which: ShellCommand | null;
  onOpen: (which: ShellCommand | null) => void;
  mac: boolean;
}) {
  const openChange = (one: ShellCommand) => (isOpen: boolean) => onOpen(isOpen ? one : null);
  // The screens the side menu offers this admin: the Admins screen to an owner only.
  const sideMenu = useSideMenu();
  const screens = useMemo(() => sideMenu.flatMap((section) => section.items), [sideMenu]);
  return (
    <>
      <CommandPalette
        open={which === 'palette'}
        onOpenChange={openChange('palette')}
        {...targets}
        screens={screens}
        useGroups={useGroups}
      />
      <ShortcutsSheet
        open={which === 'shortcuts'}
        onOpenChange={openChange('shortcuts')}
        mac={mac}
      />
    </>
  );
}
