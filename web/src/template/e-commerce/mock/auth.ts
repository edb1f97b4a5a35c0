import * as z from 'zod/mini';
import { DEMO_ROLES, type DemoUser, type DemoUserRecord } from '../schemas';
import { nextId } from './records';
import { badRequest, ok, unauthorized, type MockRoute } from './server';

/**
 * The template's mock auth layer: login, register, forgot password and
 * me. A bad login is a 400, a missing or unknown token a 401.
 */

export const AUTH_PATHS = {
  login: 'api/auth/login',
  register: 'api/auth/register',
  forgotPassword: 'api/auth/forgot-password',
  me: 'api/me',
} as const;

const loginSchema = z.object({
  email: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
});
const registerSchema = z.object({
  email: z.string().check(z.minLength(1)),
  fullname: z.string().check(z.minLength(1)),
  username: z.string().check(z.minLength(1)),
  password: z.string().check(z.minLength(1)),
});
const forgotSchema = z.object({ email: z.string().check(z.minLength(1)) });

/** The reply never carries the password. */
export function withoutPassword({ password: _password, ...user }: DemoUserRecord): DemoUser {
  return user;
}

/** Who a demo user is; the rest of their record has a newcomer's settings unless given. */
type DemoUserIdentity = Pick<
  DemoUserRecord,
  'id' | 'username' | 'password' | 'email' | 'authToken' | 'refreshToken' | 'roles' | 'fullname'
> &
  Partial<DemoUserRecord>;

/** A demo user's record: first and last name from the full name, a newcomer's settings. */
export function demoUserRecord(who: DemoUserIdentity): DemoUserRecord {
  const [firstname = '', ...rest] = who.fullname.trim().split(/\s+/);
  return {
    pic: '',
    firstname,
    lastname: rest.join(' '),
    occupation: '',
    companyName: '',
    phone: '',
    language: 'en',
    timeZone: 'America/Los_Angeles',
    website: '',
    emailSettings: {
      emailNotification: true,
      sendCopyToPersonalEmail: false,
      activityRelatesEmail: {
        youHaveNewNotifications: false,
        youAreSentADirectMessage: false,
        someoneAddsYouAsAsAConnection: false,
        uponNewOrder: false,
        newMembershipApproval: false,
        memberRegistration: false,
      },
      productUpdates: {},
    },
    communication: { email: true, sms: false, phone: false },
    address: { addressLine: '', city: '', state: '', postCode: '' },
    socialNetworks: { linkedIn: '', facebook: '', twitter: '', instagram: '' },
    ...who,
  };
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The user whose token the `Authorization: Bearer <token>` header carries. */
export function bearerUser(
  users: readonly DemoUserRecord[],
  headers: Readonly<Record<string, string>>,
): DemoUserRecord | undefined {
  const header = headers['Authorization'] ?? headers['authorization'] ?? '';
  const token = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  return token ? users.find((user) => user.authToken === token) : undefined;
}

export function authRoutes(
  users: () => DemoUserRecord[],
  setUsers: (users: DemoUserRecord[]) => void,
  newToken: () => string,
): MockRoute[] {
  return [
    {
      method: 'POST',
      pattern: /^api\/auth\/login$/,
      handle: ({ body }) => {
        const parsed = loginSchema.safeParse(body);
        const user = parsed.success
          ? users().find(
              (candidate) =>
                sameEmail(candidate.email, parsed.data.email) &&
                candidate.password === parsed.data.password,
            )
          : undefined;
        return user ? ok(withoutPassword(user)) : badRequest();
      },
    },
    {
      method: 'POST',
      pattern: /^api\/auth\/register$/,
      handle: ({ body }) => {
        const parsed = registerSchema.safeParse(body);
        if (!parsed.success) return badRequest();
        const { email, fullname, username, password } = parsed.data;
        if (users().some((user) => sameEmail(user.email, email))) return badRequest();
        const user = demoUserRecord({
          id: nextId(users()),
          username,
          password,
          email,
          authToken: newToken(),
          refreshToken: newToken(),
          // A newcomer is a plain user (role 2), as in the template.
          roles: [DEMO_ROLES.user],
          fullname,
        });
        setUsers([...users(), user]);
        return ok(withoutPassword(user));
      },
    },
    {
      method: 'POST',
      pattern: /^api\/auth\/forgot-password$/,
      handle: ({ body }) => {
        const parsed = forgotSchema.safeParse(body);
        const user = parsed.success
          ? users().find((candidate) => sameEmail(candidate.email, parsed.data.email))
          : undefined;
        // Only the address: the template's reply handed out the whole account, tokens included.
        return user ? ok({ email: user.email }) : badRequest();
      },
    },
    {
      method: 'GET',
      pattern: /^api\/me$/,
      handle: ({ headers }) => {
        const user = bearerUser(users(), headers);
        return user ? ok(withoutPassword(user)) : unauthorized();
      },
    },
  ];
}
