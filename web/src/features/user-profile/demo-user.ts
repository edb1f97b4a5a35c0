import * as z from 'zod/mini';

/**
 * The template's demo user. /user-profile shows its fields: the
 * sample IS the feature, as with the dashboard widgets. Names, addresses and links read the same
 * in every language; labels are translated.
 */
export const demoUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  password: z.string(),
  email: z.email(),
  authToken: z.string(),
  refreshToken: z.string(),
  /** 1 admin, 2 user, 3 guest. */
  roles: z.array(z.union([z.literal(1), z.literal(2), z.literal(3)])),
  pic: z.string(),
  fullname: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  occupation: z.string(),
  companyName: z.string(),
  phone: z.string(),
  language: z.string(),
  timeZone: z.string(),
  website: z.string(),
  emailSettings: z.object({
    emailNotification: z.boolean(),
    sendCopyToPersonalEmail: z.boolean(),
    activityRelatesEmail: z.object({
      youHaveNewNotifications: z.boolean(),
      youAreSentADirectMessage: z.boolean(),
      someoneAddsYouAsAsAConnection: z.boolean(),
      uponNewOrder: z.boolean(),
      newMembershipApproval: z.boolean(),
      memberRegistration: z.boolean(),
    }),
  }),
  communication: z.object({ email: z.boolean(), sms: z.boolean(), phone: z.boolean() }),
  address: z.object({
    addressLine: z.string(),
    city: z.string(),
    state: z.string(),
    postCode: z.string(),
  }),
  socialNetworks: z.object({
    linkedIn: z.string(),
    facebook: z.string(),
    twitter: z.string(),
    instagram: z.string(),
  }),
});
export type DemoUser = z.infer<typeof demoUserSchema>;

export const DEMO_USER: DemoUser = demoUserSchema.parse({
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
