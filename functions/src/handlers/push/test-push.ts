import {
  type FileBases,
  adminEntrySchema,
  paths,
  testPushBodySchema,
  type TestPushResult,
} from '../../contracts/index.js';
import { readJsonBody, adminOf, type GetMe } from '../session/index.js';
import { pushImage } from './alert-push.js';
import { recordAudit } from '../audit/index.js';
import type { Clock, Db, Logger } from '../ports.js';
import type { PushSender } from './push.js';
import { failureReply, jsonReply, type ProxyReply, type RequestBody } from '../upstream/index.js';

export interface TestPushDeps {
  db: Db;
  now: Clock;
  /** The alert push's sender: FCM in production, the recording outbox in the emulators. */
  sender: PushSender;
  logger: Logger;
  /** Where the upstream keeps files, to turn a `/api/files/...` image into a URL a browser can load. */
  fileBases: FileBases | undefined;
}

/** A title, a text and an image URL fit well within this. */
export const TEST_PUSH_MAX_BODY_BYTES = 16 * 1024;

/** One test push per admin per this many ms: a test, not a way to flood a browser. */
export const TEST_PUSH_INTERVAL_MS = 10_000;

export const TEST_PUSH_MESSAGES = {
  badBody: 'A test push needs a title (1 to 100 characters), a description and an optional image.',
  tooSoon: 'A test push was sent a moment ago. Wait a few seconds before sending another.',
} as const;

/**
 * `POST /api/push/test` of an admin: the composed notification goes to their own browser only
 * (the token in `admins/{uid}/deviceToken`), as one message through the alert push's sender,
 * at most one per TEST_PUSH_INTERVAL_MS (429 sooner), each in the audit trail. No alert and no
 * pruning: an admin's browser rewrites its own entry.
 */
export async function serveTestPush(
  request: { authorization: string | undefined; body: RequestBody },
  deps: TestPushDeps & { getMe: GetMe },
): Promise<ProxyReply> {
  const admin = await adminOf(request.authorization, deps.getMe);
  if ('reply' in admin) return admin.reply;
  const body = testPushBodySchema.safeParse(
    await readJsonBody(request.body, TEST_PUSH_MAX_BODY_BYTES),
  );
  if (!body.success) return failureReply(400, TEST_PUSH_MESSAGES.badBody);
  if (!(await claimTestPush(admin.uid, deps))) {
    return failureReply(429, TEST_PUSH_MESSAGES.tooSoon);
  }
  const result = await sendTestPush({ uid: admin.uid, ...body.data }, deps);
  deps.logger.info('Test push', { uid: admin.uid, ...result });
  await recordAudit(
    {
      uid: admin.uid,
      email: admin.email,
      action: 'push.test',
      summary: `Sent a test push to their own browser (${result.outcome})`,
      status: 200,
    },
    deps,
  );
  return jsonReply(200, { metadata: { success: 1, message: '' }, payload: result });
}

/** One message to the admin's own registered token, and how it went. */
export async function sendTestPush(
  input: { uid: string; title: string; description: string; image: string },
  deps: TestPushDeps,
): Promise<TestPushResult> {
  const entry = adminEntrySchema.safeParse(await deps.db.get(paths.adminEntry(input.uid)));
  const token = entry.success ? entry.data.deviceToken : '';
  if (token === '') return { outcome: 'no-token' };
  const image = pushImage(input.image, deps.fileBases);
  try {
    const { results } = await deps.sender.sendEach([
      {
        token,
        notification: {
          title: input.title,
          body: input.description,
          ...(image === undefined ? {} : { image }),
        },
        data: { type: 'test' },
      },
    ]);
    const [result] = results;
    if (result?.ok) return { outcome: 'sent' };
    return { outcome: 'refused', reason: result?.error.code ?? 'missing-result' };
  } catch (error) {
    deps.logger.error('A test push could not be sent', { error: String(error) });
    return { outcome: 'refused', reason: 'send-failed' };
  }
}

/** Takes the admin's turn to send a test push; false while the last one is too recent. */
async function claimTestPush(uid: string, deps: Pick<TestPushDeps, 'db' | 'now'>) {
  const now = deps.now();
  const { committed } = await deps.db.transaction(paths.testPushSent(uid), (last) =>
    typeof last === 'number' && now - last < TEST_PUSH_INTERVAL_MS ? undefined : now,
  );
  return committed;
}
