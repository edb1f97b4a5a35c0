import { chatMessageSchema, type ChatMessage } from '../../functions/src/contracts/index.ts';

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * A key shaped like the SDK's push ids (8 characters of time, 12 of entropy), with a counter
 * for the entropy so keys sort in the order they were made, as real ones do.
 */
export function pushIdAt(timeMs: number, sequence: number): string {
  let time = '';
  let rest = timeMs;
  for (let i = 0; i < 8; i++) {
    time = PUSH_CHARS.charAt(rest % 64) + time;
    rest = Math.floor(rest / 64);
  }
  let tail = '';
  let counter = sequence;
  for (let i = 0; i < 12; i++) {
    tail = PUSH_CHARS.charAt(counter % 64) + tail;
    counter = Math.floor(counter / 64);
  }
  return time + tail;
}

const LINES = [
  'Premium is 4.89 at the Shell on Figueroa this morning.',
  'Anyone seen diesel under 5 dollars around here?',
  'Costco on Alameda has a long line but regular is 4.29.',
  'Thanks for the heads-up!',
  'The Arco by the freeway exit raised prices again.',
  'Fleet card prices for today are posted.',
  'Heading out now, will report what I see.',
  'Renewable 99 is finally back in stock at the Chevron.',
  'Card reader at pump 6 is broken, pay inside.',
  'B20 went down 3 cents overnight.',
  'Good morning everyone.',
  'Does the cash price include the car wash discount?',
];

/** The marker every benchmark message starts with, so a page scan can tell how far back it is. */
export function messageMarker(index: number): string {
  return `[m${String(index).padStart(5, '0')}]`;
}
export const MESSAGE_MARKER_PATTERN = /\[m(\d{5})\]/g;

export interface ChatHistoryOptions {
  groupId: string;
  count: number;
  /** Who writes: app users of the group, and the admin every fifth message. */
  members: readonly { id: string; name: string }[];
  admin: { id: string; name: string };
  /** Time of the newest message, ms; older ones go back `stepMs` each. */
  newestAt: number;
  stepMs: number;
}

/**
 * `count` text messages for groups/{groupId}/groupChat, oldest first, numbered 1..count in
 * their text, each a valid chatMessageSchema value.
 */
export function chatHistory(options: ChatHistoryOptions): Record<string, ChatMessage> {
  if (options.members.length === 0) throw new Error('a chat history needs at least one member');
  const messages: Record<string, ChatMessage> = {};
  for (let n = 1; n <= options.count; n++) {
    const fromAdmin = n % 5 === 0;
    const sender = fromAdmin
      ? options.admin
      : (options.members[n % options.members.length] as { id: string; name: string });
    const timeStamp = options.newestAt - (options.count - n) * options.stepMs;
    const key = pushIdAt(timeStamp, n);
    const words = Array.from({ length: 1 + (n % 3) }, (_, i) => LINES[(n * 7 + i) % LINES.length]);
    messages[key] = chatMessageSchema.parse({
      senderUID: sender.id,
      receiverUID: options.groupId,
      message: `${messageMarker(n)} ${words.join(' ')}`,
      url: '',
      type: 'message',
      thumbnail: '',
      filetype: '',
      filename: '',
      userType: fromAdmin ? 'admin' : 'user',
      messageID: key,
      senderUserName: sender.name,
      deleteAbleId: '',
      thumbnailID: '',
      timeStamp,
    });
  }
  return messages;
}
