import type { ParseKeys } from 'i18next';
import type { Permission } from '@contracts/admins/roles';
import type { LazyPage } from './lazy-page';
import { pages } from './pages';

/** Only the role admin is served. */
export const ADMIN_ONLY = 'admin';

export interface ShellRoute {
  path: string;
  page: LazyPage;
  /** The role guard: one role or a list; undefined = any signed-in user. */
  roles?: string | readonly string[];
  /** What the admin's roles must allow to open the page; without it the shell says who may. */
  permission?: Permission;
  /** The sub-header's default title (common namespace); a page may set its own. */
  titleKey: ParseKeys;
  /** The page routes the paths below its own itself (wouter `nest`: `/e-commerce/customers`). */
  nest?: boolean;
  /** The page opens on a Realtime Database read (a chat, the history, the desk's prices). */
  realtime?: boolean;
}

/** Every signed-in route (docs/product.md#route-table). */
export const shellRoutes: readonly ShellRoute[] = [
  { path: '/dashboard', page: pages.dashboard, roles: ADMIN_ONLY, titleKey: 'MENU.DASHBOARD' },
  {
    path: '/audit-log',
    page: pages.auditLog,
    roles: ADMIN_ONLY,
    titleKey: 'MENU.AUDIT_LOG',
    realtime: true,
  },
  {
    path: '/admins',
    page: pages.admins,
    roles: ADMIN_ONLY,
    permission: 'roles.manage',
    titleKey: 'MENU.ADMINS',
  },
  {
    path: '/approvals',
    page: pages.approvals,
    roles: ADMIN_ONLY,
    titleKey: 'MENU.APPROVALS',
    realtime: true,
  },
  { path: '/builder', page: pages.builder, roles: ADMIN_ONLY, titleKey: 'PAGES.BUILDER' },
  { path: '/my-page', page: pages.myPage, roles: ADMIN_ONLY, titleKey: 'PAGES.MY_PAGE' },
  { path: '/all-users', page: pages.allUsers, roles: ADMIN_ONLY, titleKey: 'MENU.ALL_USERS' },
  {
    path: '/send-notification',
    page: pages.sendNotification,
    roles: ADMIN_ONLY,
    titleKey: 'MENU.SEND_NOTIFICATION',
  },
  {
    path: '/view-user/:userData',
    page: pages.viewUser,
    roles: ADMIN_ONLY,
    titleKey: 'PAGES.VIEW_USER',
  },
  {
    path: '/chats/:groupid',
    page: pages.chat,
    roles: ADMIN_ONLY,
    permission: 'chat.read',
    titleKey: 'PAGES.CHAT',
    realtime: true,
  },
  { path: '/chatsbar', page: pages.chatsbar, roles: ADMIN_ONLY, titleKey: 'PAGES.CHATSBAR' },
  { path: '/complaints', page: pages.complaints, roles: ADMIN_ONLY, titleKey: 'MENU.COMPLAINTS' },
  {
    path: '/notificationsalerts',
    page: pages.announcements,
    roles: ADMIN_ONLY,
    titleKey: 'MENU.ANNOUNCEMENT',
  },
  { path: '/chat-groups', page: pages.chatGroups, roles: ADMIN_ONLY, titleKey: 'MENU.GROUPS' },
  {
    path: '/group-notifications',
    page: pages.groupNotifications,
    roles: ADMIN_ONLY,
    titleKey: 'MENU.NOTIFICATIONS_HISTORY',
    realtime: true,
  },
  { path: '/offers', page: pages.offers, roles: ADMIN_ONLY, titleKey: 'MENU.OFFERS' },
  {
    path: '/today-prices',
    page: pages.todayPrices,
    roles: ADMIN_ONLY,
    titleKey: 'MENU.TODAY_PRICES',
    realtime: true,
  },
  // Template routes: any signed-in user.
  { path: '/google-material', page: pages.googleMaterial, titleKey: 'PAGES.GOOGLE_MATERIAL' },
  { path: '/react-bootstrap', page: pages.reactBootstrap, titleKey: 'PAGES.REACT_BOOTSTRAP' },
  { path: '/e-commerce', page: pages.eCommerce, titleKey: 'PAGES.E_COMMERCE', nest: true },
  { path: '/user-profile', page: pages.userProfile, titleKey: 'PAGES.USER_PROFILE' },
];

/** Whether a route pattern (`/chats/:groupid`) matches a path. */
export function matchesPattern(pattern: string, path: string): boolean {
  const patternParts = pattern.split('/');
  const pathParts = path.replace(/\/+$/, '').split('/');
  if (patternParts.length !== pathParts.length) return false;
  return patternParts.every((part, at) =>
    part.startsWith(':') ? Boolean(pathParts[at]) : part === pathParts[at],
  );
}

export function shellRouteFor(path: string): ShellRoute | undefined {
  return shellRoutes.find(
    (route) =>
      matchesPattern(route.path, path) || (route.nest && path.startsWith(`${route.path}/`)),
  );
}

type Preloadable = Pick<LazyPage, 'preload' | 'namespace'>;

const AUTH_PAGES: Record<string, Preloadable> = {
  '/auth/login': pages.login,
  '/auth/registration': pages.registration,
  '/auth/forgot-password': pages.forgotPassword,
};

/**
 * The chunks the first screen of `path` needs, fetched at boot in parallel with the rest
 * instead of one after another.
 */
export function pagesToPreload(path: string, signedIn: boolean): Preloadable[] {
  if (path === '/terms') return [pages.terms];
  if (path.startsWith('/error/')) return [pages.error];
  if (path === '/auth' || path.startsWith('/auth/')) {
    if (signedIn) return [pages.layout, pages.allUsers];
    if (matchesPattern('/auth/forgot-password/:token/:email', path)) return [pages.resetPassword];
    return [AUTH_PAGES[path] ?? pages.login];
  }
  if (!signedIn) return [pages.login];
  if (path === '/' || path === '') return [pages.layout, pages.allUsers];
  const route = shellRouteFor(path);
  return route ? [pages.layout, route.page] : [pages.error];
}

/**
 * Whether the first screen of `path` opens on a Realtime Database read: the boot then starts
 * Firebase (its SDKs, config and restored sign-in) beside the screen's code, not after it mounts.
 */
export function opensOnRealtime(path: string, signedIn: boolean): boolean {
  return signedIn && shellRouteFor(path)?.realtime === true;
}
