import { paths, type ChatMessage } from '../../contracts/index.js';
import type { Db } from '../ports.js';
import { pushOnce, type ClaimDeps } from './push-claims.js';
import { sendToRecipients, type PushDeps, type PushOutcome } from './push.js';
import { adminDevices, devicesOfUsers, membersOf } from './recipients.js';

export const CHAT_PUSH_TITLE = 'New message';
/** FCM payloads are capped at 4 KB and a chat message may hold 5 000 characters. */
export const CHAT_PUSH_BODY_MAX = 200;

const ATTACHMENT_LINES = {
  image: 'sent an image',
  file: 'sent a file',
  video: 'sent a video',
} as const;

/**
 * A new groups/{gid}/groupChat/{mid}: a push to every member's devices and every admin's web
 * device, except the sender's. Once per message, however often the event arrives
 * (`pushOnce`); undefined when an earlier delivery of it already sent it.
 */
export async function sendChatPush(
  input: { groupId: string; messageId: string; message: ChatMessage },
  deps: PushDeps & ClaimDeps,
): Promise<PushOutcome | undefined> {
  const { groupId, messageId, message } = input;
  const members = (await membersOf(deps.db, groupId)).filter((id) => id !== message.senderUID);
  const recipients = [
    devicesOfUsers(deps.db, members),
    adminDevices(deps.db, message.senderUID, deps.now(), 'chat.read'),
  ];
  const body = chatPushBody({ ...message, senderUserName: await senderName(deps.db, message) });
  const outcome = await pushOnce(
    paths.pushClaim('chat', `${groupId}/${messageId}`),
    deps,
    (resume) =>
      sendToRecipients(
        concat(recipients),
        (token) => ({
          token,
          notification: { title: CHAT_PUSH_TITLE, body },
          data: { type: 'chat', groupId, messageId, senderUID: message.senderUID },
        }),
        deps,
        resume,
      ),
  );
  if (outcome !== undefined)
    deps.logger.info('Chat message pushed', { groupId, messageId, ...outcome });
  return outcome;
}

/**
 * The name an app user's message goes out under: the one the mirror holds for them whenever it
 * has one, so a member's own `senderUserName` cannot pass them off as someone else.
 */
async function senderName(db: Db, message: ChatMessage): Promise<string> {
  if (message.userType === 'admin') return message.senderUserName;
  const mirrored = await db.get(`${paths.user(message.senderUID)}/name`);
  return typeof mirrored === 'string' && mirrored !== '' ? mirrored : message.senderUserName;
}

async function* concat<T>(sources: readonly AsyncIterable<T>[]): AsyncGenerator<T> {
  for (const source of sources) yield* source;
}

export function chatPushBody(
  message: Pick<ChatMessage, 'type' | 'message' | 'senderUserName'>,
): string {
  const line =
    message.type === 'message'
      ? `${message.senderUserName}: ${message.message}`
      : `${message.senderUserName} ${ATTACHMENT_LINES[message.type]}`;
  return line.length > CHAT_PUSH_BODY_MAX ? `${line.slice(0, CHAT_PUSH_BODY_MAX - 1)}…` : line;
}
