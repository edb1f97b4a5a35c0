import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { hashPassword, newToken, tokenHash, UNKNOWN_USER_HASH, verifyPassword } from '../auth.js';
import { parseInput } from '../body.js';
import { currentUser, isoNow, type RouteContext } from '../context.js';
import { ApiError, fail, ok, unauthenticated, ValidationError } from '../envelope.js';
import { authText, email, text } from '../validation.js';

const LOGIN_FAILED = 'The login detail is incorrect';
const RESET_INVALID = 'This password reset token is invalid.';
/** Laravel's default lifetime of a reset link. */
const RESET_TTL_MS = 60 * 60 * 1000;

const deviceId = text('device_id', { max: 4096 }).nullish();

const loginSchema = z.object({
  email: email(),
  password: authText('password'),
  device_id: deviceId,
});

const registerSchema = z
  .object({
    fullname: authText('fullname'),
    email: email(),
    username: authText('username'),
    password: authText('password'),
    // The app's registration form calls the confirmation `changepassword`; Laravel's is
    // password_confirmation.
    changepassword: text('changepassword', { max: 50 }).nullish(),
    password_confirmation: text('password_confirmation', { max: 50 }).nullish(),
    device_id: deviceId,
  })
  .superRefine(confirmed);

const resetSchema = z
  .object({
    token: text('token', { max: 255 }),
    email: email(),
    password: authText('password'),
    password_confirmation: text('password_confirmation', { max: 50 }).nullish(),
  })
  .superRefine((value, ctx) => {
    if (value.password_confirmation === undefined || value.password_confirmation === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'The password confirmation field is required.',
      });
    }
    confirmed(value, ctx);
  });

function confirmed(
  value: {
    password: string;
    changepassword?: string | null;
    password_confirmation?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  const confirmation = value.password_confirmation ?? value.changepassword;
  if (confirmation !== undefined && confirmation !== null && confirmation !== value.password) {
    ctx.addIssue({
      code: 'custom',
      path: ['password'],
      message: 'The password field confirmation does not match.',
    });
  }
}

/** Sign-in, registration, current user, password reset. */
export function registerAuthRoutes(app: FastifyInstance, ctx: RouteContext) {
  const { db, users, clock, flavour } = ctx;
  const byEmail = db.prepare<[string], { id: number; password_hash: string }>(
    'SELECT id, password_hash FROM users WHERE email = ? AND deleted_at IS NULL',
  );
  const taken = db.prepare<[string, string], { email: string; username: string }>(
    'SELECT email, username FROM users WHERE email = ? OR username = ?',
  );
  const insertUser = db.prepare<[string, string, string, string, string], { id: number }>(
    `INSERT INTO users (name, email, username, password_hash, role, created_at)
     VALUES (?, ?, ?, ?, 'user', ?) RETURNING id`,
  );
  const addDevice = db.prepare<[number, string]>(
    'INSERT OR IGNORE INTO devices (user_id, token) VALUES (?, ?)',
  );
  const insertToken = db.prepare<[string, number, number]>(
    'INSERT INTO tokens (hash, user_id, expires_at) VALUES (?, ?, ?)',
  );
  const dropExpired = db.prepare<[number]>('DELETE FROM tokens WHERE expires_at <= ?');
  const dropTokens = db.prepare<[number]>('DELETE FROM tokens WHERE user_id = ?');
  const saveReset = db.prepare<[string, string, number]>(
    'INSERT OR REPLACE INTO password_resets (email, hash, created_at) VALUES (?, ?, ?)',
  );
  const findReset = db.prepare<[string], { hash: string; created_at: number }>(
    'SELECT hash, created_at FROM password_resets WHERE email = ?',
  );
  const dropReset = db.prepare<[string]>('DELETE FROM password_resets WHERE email = ?');
  const setPassword = db.prepare<[string, number]>(
    'UPDATE users SET password_hash = ? WHERE id = ?',
  );

  /** A new session for `userId`, recording the device it signed in from. */
  const openSession = db.transaction((userId: number, device: string | null | undefined) => {
    if (device) addDevice.run(userId, device);
    dropExpired.run(clock());
    const token = newToken();
    insertToken.run(tokenHash(token), userId, clock() + ctx.tokenTtlMs);
    return token;
  });

  const sessionPayload = (userId: number, token: string) => {
    const row = users.row(userId);
    if (row === undefined) throw new Error(`user ${userId} vanished`);
    return { user: users.toSessionUser(row), token };
  };

  app.post('/login', async (request) => {
    const { data } = await parseInput(await ctx.body.read(request), loginSchema);
    const user = byEmail.get(data.email);
    const matches = await verifyPassword(data.password, user?.password_hash ?? UNKNOWN_USER_HASH);
    // HTTP 200: the original client reads metadata.success and shows INVALID_LOGIN.
    if (user === undefined || !matches) return fail(LOGIN_FAILED);
    return ok(sessionPayload(user.id, openSession(user.id, data.device_id)), 'Login successful');
  });

  // `/me` in the envelope, or Laravel's default `routes/api.php` route: the bare user at `/user`.
  const { path: mePath, envelope } = flavour.currentUser;
  app.get(mePath, { config: { access: 'user' } }, async (request) => {
    const row = users.row(currentUser(request).id);
    if (row === undefined) throw unauthenticated();
    const user = users.toSessionUser(row);
    return envelope ? ok(user) : user;
  });

  // Self-service accounts: the Laravel flavour has neither (404).
  if (flavour.selfService) {
    app.post('/register', async (request) => {
      const { data } = await parseInput(await ctx.body.read(request), registerSchema);
      const hash = await hashPassword(data.password);
      // Checked and inserted in one synchronous transaction: no other request runs in between.
      const created = db.transaction(() => {
        const clash = taken.all(data.email, data.username);
        const errors: Record<string, string[]> = {};
        if (clash.some((u) => u.email.toLowerCase() === data.email.toLowerCase())) {
          errors.email = ['The email has already been taken.'];
        }
        if (clash.some((u) => u.username.toLowerCase() === data.username.toLowerCase())) {
          errors.username = ['The username has already been taken.'];
        }
        if (Object.keys(errors).length > 0) throw new ValidationError(errors);
        const row = insertUser.get(data.fullname, data.email, data.username, hash, isoNow(clock));
        if (row === undefined) throw new Error('INSERT … RETURNING gave no row');
        return { id: row.id, token: openSession(row.id, data.device_id) };
      })();
      return ok(sessionPayload(created.id, created.token), 'Registration successful');
    });

    app.post('/password/email', async (request) => {
      const { data } = await parseInput(await ctx.body.read(request), z.object({ email: email() }));
      const user = byEmail.get(data.email);
      if (user !== undefined) {
        const token = newToken();
        saveReset.run(data.email.toLowerCase(), tokenHash(token), clock());
        const link = `${ctx.appOrigin}/auth/forgot-password/${token}/${encodeURIComponent(data.email)}`;
        const mail = {
          at: isoNow(clock),
          to: data.email,
          subject: 'Reset your password',
          link,
        };
        await fs.promises.appendFile(ctx.mailLog, `${JSON.stringify(mail)}\n`);
        ctx.logger.info(`mail to ${data.email}: reset link ${link}`);
      }
      // The same answer either way: the reply must not tell who has an account.
      return ok(
        null,
        'If that e-mail address has an account, a password reset link has been sent to it.',
      );
    });
  }

  app.post('/password/reset', async (request) => {
    const { data } = await parseInput(await ctx.body.read(request), resetSchema);
    const user = byEmail.get(data.email);
    const saved = findReset.get(data.email.toLowerCase());
    if (
      user === undefined ||
      saved === undefined ||
      saved.hash !== tokenHash(data.token) ||
      clock() - saved.created_at > RESET_TTL_MS
    ) {
      throw new ApiError(400, RESET_INVALID);
    }
    const hash = await hashPassword(data.password);
    db.transaction(() => {
      setPassword.run(hash, user.id);
      dropReset.run(data.email.toLowerCase());
      // A new password ends every session opened with the old one.
      dropTokens.run(user.id);
    })();
    return ok(null, 'Your password has been reset.');
  });
}
