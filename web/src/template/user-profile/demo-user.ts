import { demoUserRecordSchema, type DemoUserRecord } from '@/lib/demo-user';

/**
 * The template's demo user, whose fields /user-profile shows (never its password or tokens): the
 * sample IS the feature, as with the dashboard widgets. Names, addresses and links read the same
 * in every language; labels are translated.
 */
export const DEMO_USER: DemoUserRecord = demoUserRecordSchema.parse({
  id: 1,
  username: 'admin',
  password: 'demo',
  email: 'admin@demo.com',
  authToken: 'auth-token-8f3ae836da744329a6f93bf20594b5cc',
  refreshToken: 'auth-token-f8c137a2c98743f48b643e71161d90aa',
  roles: [1],
  pic: '/media/users/300_21.jpg',
  fullname: 'Sean Stark',
  firstname: 'Sean',
  lastname: 'Stark',
  occupation: 'CEO',
  companyName: 'Keenthemes',
  phone: '456669067890',
  language: 'en',
  timeZone: 'International Date Line West',
  website: 'https://keenthemes.com',
  emailSettings: {
    emailNotification: true,
    sendCopyToPersonalEmail: false,
    activityRelatesEmail: {
      youHaveNewNotifications: false,
      youAreSentADirectMessage: false,
      someoneAddsYouAsAsAConnection: true,
      uponNewOrder: false,
      newMembershipApproval: false,
      memberRegistration: true,
    },
    productUpdates: {},
  },
  communication: { email: true, sms: true, phone: false },
  address: {
    addressLine: 'L-12-20 Vertex, Cybersquare',
    city: 'San Francisco',
    state: 'California',
    postCode: '45000',
  },
  socialNetworks: {
    linkedIn: 'https://linkedin.com/admin',
    facebook: 'https://facebook.com/admin',
    twitter: 'https://twitter.com/admin',
    instagram: 'https://instagram.com/admin',
  },
});

/** My Messages: the template's sample inbox. Senders and times here, words in the locales. */
export const DEMO_MESSAGES = [
  { id: 'm1', key: 'WELCOME', from: 'Amanda Anderson', minutesAgo: 12, unread: true },
  { id: 'm2', key: 'PRICES', from: 'Kevin Jones', minutesAgo: 95, unread: true },
  { id: 'm3', key: 'REPORT', from: 'Nina Patel', minutesAgo: 60 * 26, unread: false },
  { id: 'm4', key: 'MEETING', from: 'Carlos Mendes', minutesAgo: 60 * 50, unread: false },
  { id: 'm5', key: 'SECURITY', from: 'Fuel Community', minutesAgo: 60 * 24 * 6, unread: false },
] as const;
export type DemoMessage = (typeof DEMO_MESSAGES)[number];
