import { lazyPage } from './lazy-page';

/**
 * Every page, each its own chunk. Features meet here, never in each other: a new page is one line
 * here and one route in routes.tsx.
 */
export const pages = {
  login: lazyPage(() => import('@/features/auth/login-page'), 'LoginPage'),
  registration: lazyPage(() => import('@/features/auth/registration-page'), 'RegistrationPage'),
  forgotPassword: lazyPage(
    () => import('@/features/auth/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  resetPassword: lazyPage(() => import('@/features/auth/reset-password-page'), 'ResetPasswordPage'),
  terms: lazyPage(() => import('@/features/terms/terms-page'), 'TermsPage', 'terms'),
  error: lazyPage(() => import('@/features/errors/error-page'), 'ErrorPage', 'errors'),

  layout: lazyPage(() => import('./layout/main-layout'), 'MainLayout'),

  dashboard: lazyPage(
    () => import('@/template/dashboard/dashboard-page'),
    'DashboardPage',
    'dashboard',
  ),
  auditLog: lazyPage(
    () => import('@/features/audit-log/audit-log-page'),
    'AuditLogPage',
    'audit-log',
  ),
  admins: lazyPage(() => import('@/features/admins/admins-page'), 'AdminsPage', 'admins'),
  approvals: lazyPage(
    () => import('@/features/approvals/approvals-page'),
    'ApprovalsPage',
    'approvals',
  ),
  builder: lazyPage(() => import('@/template/builder/builder-page'), 'BuilderPage', 'builder'),
  myPage: lazyPage(() => import('@/features/my-page/my-page'), 'MyPage'),
  allUsers: lazyPage(() => import('@/features/users/all-users-page'), 'AllUsersPage', 'users'),
  viewUser: lazyPage(() => import('@/features/users/view-user-page'), 'ViewUserPage', 'users'),
  sendNotification: lazyPage(
    () => import('@/features/notifications/send-notification-page'),
    'SendNotificationPage',
    'notifications',
  ),
  groupNotifications: lazyPage(
    () => import('@/features/notifications/group-notifications-page'),
    'GroupNotificationsPage',
    'notifications',
  ),
  chat: lazyPage(() => import('@/features/chat/chat-page'), 'ChatPage', 'chat'),
  chatsbar: lazyPage(() => import('@/features/chat/chatsbar-page'), 'ChatsbarPage', 'chat'),
  complaints: lazyPage(
    () => import('@/features/complaints/complaints-page'),
    'ComplaintsPage',
    'complaints',
  ),
  announcements: lazyPage(
    () => import('@/features/announcements/announcements-page'),
    'AnnouncementsPage',
    'announcements',
  ),
  chatGroups: lazyPage(
    () => import('@/features/groups/chat-groups-page'),
    'ChatGroupsPage',
    'groups',
  ),
  offers: lazyPage(() => import('@/features/offers/offers-page'), 'OffersPage', 'offers'),
  todayPrices: lazyPage(
    () => import('@/features/prices/today-prices-page'),
    'TodayPricesPage',
    'prices',
  ),
  googleMaterial: lazyPage(
    () => import('@/template/template-demos/google-material-page'),
    'GoogleMaterialPage',
    'template-demos',
  ),
  reactBootstrap: lazyPage(
    () => import('@/template/template-demos/react-bootstrap-page'),
    'ReactBootstrapPage',
    'template-demos',
  ),
  eCommerce: lazyPage(
    () => import('@/template/e-commerce/e-commerce-page'),
    'ECommercePage',
    'e-commerce',
  ),
  userProfile: lazyPage(
    () => import('@/template/user-profile/user-profile-page'),
    'UserProfilePage',
    'user-profile',
  ),
};
