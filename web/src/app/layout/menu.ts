import type { ParseKeys } from 'i18next';
import {
  BlocksIcon,
  ClipboardCheckIcon,
  FileTextIcon,
  FuelIcon,
  HistoryIcon,
  ImagesIcon,
  LayoutDashboardIcon,
  MegaphoneIcon,
  MessageCircleMoreIcon,
  MessageSquareWarningIcon,
  PaletteIcon,
  ScrollTextIcon,
  SendIcon,
  ShieldCheckIcon,
  ShoppingBagIcon,
  SquareStackIcon,
  UsersIcon,
  UsersRoundIcon,
  type LucideIcon,
} from 'lucide-react';
import { APPROVALS_PATH } from '@/lib/changes/approvals-path';

export type MenuBadge = 'openRequests' | 'missingPrices';

export interface MenuItem {
  href: string;
  labelKey: ParseKeys;
  icon: LucideIcon;
  /** Other paths under which this entry shows as current (e.g. a user's invoices). */
  alsoActiveOn?: readonly string[];
  testId?: string;
  /** Only for an owner while roles are in use: no one else may open the screen. */
  ownersOnly?: boolean;
  /**
   * A live count beside the label: the change requests waiting for a decision, or the price
   * rows missing for tomorrow.
   */
  badge?: MenuBadge;
}

export interface MenuSection {
  /** No heading for the first section. */
  headingKey?: ParseKeys;
  items: readonly MenuItem[];
  /** Shown folded (an accordion), for the template's leftovers. */
  collapsible?: boolean;
}

/**
 * The side menu, in the product's order (docs/product.md#menus-and-layout). All Users goes to
 * /all-users both as a link and on click (the original's link pointed at /total-countries).
 */
export const sideMenu: readonly MenuSection[] = [
  {
    items: [
      { href: '/dashboard', labelKey: 'MENU.DASHBOARD', icon: LayoutDashboardIcon },
      { href: '/audit-log', labelKey: 'MENU.AUDIT_LOG', icon: ScrollTextIcon },
      {
        href: '/admins',
        labelKey: 'MENU.ADMINS',
        icon: ShieldCheckIcon,
        testId: 'menu-admins',
        ownersOnly: true,
      },
      {
        href: APPROVALS_PATH,
        labelKey: 'MENU.APPROVALS',
        icon: ClipboardCheckIcon,
        testId: 'menu-approvals',
        badge: 'openRequests',
      },
    ],
  },
  {
    headingKey: 'MENU.SECTION_USERS',
    items: [
      {
        href: '/all-users',
        labelKey: 'MENU.ALL_USERS',
        icon: UsersIcon,
        alsoActiveOn: ['/view-user/'],
        testId: 'menu-all-users',
      },
      { href: '/send-notification', labelKey: 'MENU.SEND_NOTIFICATION', icon: SendIcon },
    ],
  },
  {
    headingKey: 'MENU.SECTION_COMMUNITY',
    items: [
      {
        href: '/chat-groups',
        labelKey: 'MENU.GROUPS',
        icon: UsersRoundIcon,
        alsoActiveOn: ['/chats/'],
      },
      { href: '/complaints', labelKey: 'MENU.COMPLAINTS', icon: MessageSquareWarningIcon },
      { href: '/notificationsalerts', labelKey: 'MENU.ANNOUNCEMENT', icon: MegaphoneIcon },
      { href: '/group-notifications', labelKey: 'MENU.NOTIFICATIONS_HISTORY', icon: HistoryIcon },
    ],
  },
  {
    headingKey: 'MENU.SECTION_FUEL',
    items: [
      {
        href: '/today-prices',
        labelKey: 'MENU.TODAY_PRICES',
        icon: FuelIcon,
        badge: 'missingPrices',
      },
      { href: '/offers', labelKey: 'MENU.OFFERS', icon: ImagesIcon },
    ],
  },
  {
    headingKey: 'MENU.SECTION_TEMPLATE',
    collapsible: true,
    items: [
      { href: '/builder', labelKey: 'PAGES.BUILDER', icon: BlocksIcon },
      { href: '/my-page', labelKey: 'PAGES.MY_PAGE', icon: FileTextIcon },
      { href: '/chatsbar', labelKey: 'PAGES.CHATSBAR', icon: MessageCircleMoreIcon },
      {
        href: '/e-commerce',
        labelKey: 'PAGES.E_COMMERCE',
        icon: ShoppingBagIcon,
        alsoActiveOn: ['/e-commerce/'],
      },
      { href: '/google-material', labelKey: 'PAGES.GOOGLE_MATERIAL', icon: PaletteIcon },
      { href: '/react-bootstrap', labelKey: 'PAGES.REACT_BOOTSTRAP', icon: SquareStackIcon },
    ],
  },
];

const withoutOwnersOnly: readonly MenuSection[] = sideMenu.map((section) => ({
  ...section,
  items: section.items.filter((item) => item.ownersOnly !== true),
}));

/** The side menu as an admin sees it: the owners' entries only for an owner. */
export const menuFor = (owner: boolean): readonly MenuSection[] =>
  owner ? sideMenu : withoutOwnersOnly;

/** The top menu: Dashboard and All Users. */
export const topMenu: readonly MenuItem[] = [
  { href: '/dashboard', labelKey: 'MENU.DASHBOARD', icon: LayoutDashboardIcon },
  {
    href: '/all-users',
    labelKey: 'MENU.ALL_USERS',
    icon: UsersIcon,
    alsoActiveOn: ['/view-user/'],
  },
];

export function isActive(item: MenuItem, path: string): boolean {
  if (path === item.href) return true;
  return (item.alsoActiveOn ?? []).some((prefix) => path.startsWith(prefix));
}
