import { lazyPage } from './lazy-page';

/**
 * Every page, each its own chunk. Features meet here (STYLE.md): a new page is one line here and
 * one route in routes.tsx.
 */
export const pages = {
  login: lazyPage(() => import('@/features/auth/login-page'), 'LoginPage'),
  registration: lazyPage(() => import('@/features/auth/registration-page'), 'RegistrationPage'),
  forgotPassword: lazyPage(
    () => import('@/features/auth/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  resetPassword: lazyPage(() => import('@/features/auth/reset-password-page'), 'ResetPasswordPage'),
  terms: lazyPage(() => import('@/features/terms/terms-page'), 'TermsPage'),
  error: lazyPage(() => import('@/features/errors/error-page'), 'ErrorPage'),

  layout: lazyPage(() => import('./layout/main-layout'), 'MainLayout'),

  dashboard: lazyPage(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage'),
  builder: lazyPage(() => import('@/features/builder/builder-page'), 'BuilderPage'),
  myPage: lazyPage(() => import('@/features/my-page/my-page'), 'MyPage'),
  allUsers: lazyPage(() => import('@/features/users/all-users-page'), 'AllUsersPage'),
  viewUser: lazyPage(() => import('@/features/users/view-user-page'), 'ViewUserPage'),
  sendNotification: lazyPage(
    () => import('@/features/notifications/send-notification-page'),
    'SendNotificationPage',
  ),
  groupNotifications: lazyPage(
    () => import('@/features/notifications/group-notifications-page'),
    'GroupNotificationsPage',
  ),
  chat: lazyPage(() => import('@/features/chat/chat-page'), 'ChatPage'),
  chatsbar: lazyPage(() => import('@/features/chat/chatsbar-page'), 'ChatsbarPage'),
  complaints: lazyPage(() => import('@/features/complaints/complaints-page'), 'ComplaintsPage'),
  announcements: lazyPage(
    () => import('@/features/announcements/announcements-page'),
    'AnnouncementsPage',
  ),
  chatGroups: lazyPage(() => import('@/features/groups/chat-groups-page'), 'ChatGroupsPage'),
  offers: lazyPage(() => import('@/features/offers/offers-page'), 'OffersPage'),
  todayPrices: lazyPage(() => import('@/features/prices/today-prices-page'), 'TodayPricesPage'),
  googleMaterial: lazyPage(
    () => import('@/features/template-demos/google-material-page'),
    'GoogleMaterialPage',
  ),
  reactBootstrap: lazyPage(
    () => import('@/features/template-demos/react-bootstrap-page'),
    'ReactBootstrapPage',
  ),
  eCommerce: lazyPage(() => import('@/features/e-commerce/e-commerce-page'), 'ECommercePage'),
  userProfile: lazyPage(
    () => import('@/features/user-profile/user-profile-page'),
    'UserProfilePage',
  ),
};
