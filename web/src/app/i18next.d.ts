/**
 * i18next's resources typing: `t('…')` with a key that is not in English is a type error, in
 * the common namespace and in every feature's. Type-only: nothing here reaches the bundle.
 */
import type common from '@/locales/en.json';
import type admins from '@/features/admins/locales/en.json';
import type announcements from '@/features/announcements/locales/en.json';
import type approvals from '@/features/approvals/locales/en.json';
import type auditLog from '@/features/audit-log/locales/en.json';
import type builder from '@/template/builder/locales/en.json';
import type chat from '@/features/chat/locales/en.json';
import type commandPalette from '@/features/command-palette/locales/en.json';
import type complaints from '@/features/complaints/locales/en.json';
import type dashboard from '@/template/dashboard/locales/en.json';
import type eCommerce from '@/template/e-commerce/locales/en.json';
import type errors from '@/features/errors/locales/en.json';
import type groups from '@/features/groups/locales/en.json';
import type notifications from '@/features/notifications/locales/en.json';
import type offers from '@/features/offers/locales/en.json';
import type prices from '@/features/prices/locales/en.json';
import type templateDemos from '@/template/template-demos/locales/en.json';
import type terms from '@/features/terms/locales/en.json';
import type userProfile from '@/template/user-profile/locales/en.json';
import type users from '@/features/users/locales/en.json';
import type pushComposer from '@/components/push-composer/locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    fallbackNS: 'common';
    resources: {
      common: typeof common;
      admins: typeof admins;
      approvals: typeof approvals;
      announcements: typeof announcements;
      'audit-log': typeof auditLog;
      builder: typeof builder;
      chat: typeof chat;
      'command-palette': typeof commandPalette;
      complaints: typeof complaints;
      dashboard: typeof dashboard;
      'e-commerce': typeof eCommerce;
      errors: typeof errors;
      groups: typeof groups;
      notifications: typeof notifications;
      offers: typeof offers;
      prices: typeof prices;
      'template-demos': typeof templateDemos;
      terms: typeof terms;
      'user-profile': typeof userProfile;
      users: typeof users;
      'push-composer': typeof pushComposer;
    };
  }
}
