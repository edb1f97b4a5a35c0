import * as z from 'zod/mini';

/** The demo users' roles: 1 admin, 2 user, 3 guest. */
export const DEMO_ROLES = { admin: 1, user: 2, guest: 3 } as const;

/**
 * The template's demo user, as its mock auth keeps it (the password too): the demo shop signs in
 * as one, and /user-profile shows one's fields.
 */
export const demoUserRecordSchema = z.object({
  id: z.int().check(z.positive()),
  username: z.string(),
  password: z.string(),
  email: z.string(),
  authToken: z.string(),
  refreshToken: z.string(),
  roles: z.array(z.literal(Object.values(DEMO_ROLES))),
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
    productUpdates: z.record(z.string(), z.boolean()),
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
export type DemoUserRecord = z.infer<typeof demoUserRecordSchema>;

/** The demo user as the mock auth replies with it: never with the password. */
export const demoUserSchema = z.omit(demoUserRecordSchema, { password: true });
export type DemoUser = z.infer<typeof demoUserSchema>;
