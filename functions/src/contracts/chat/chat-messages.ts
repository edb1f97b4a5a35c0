import * as z from 'zod/mini';
import { LIMITS } from '../realtime.js';
import { idSchema } from '../record-id.js';

export const CHAT_MESSAGE_TYPES = ['message', 'file', 'image', 'video'] as const;
export const chatMessageTypeSchema = z.enum(CHAT_MESSAGE_TYPES);
export type ChatMessageType = z.infer<typeof chatMessageTypeSchema>;

/**
 * A group chat message at groups/{groupId}/groupChat/{messageID}: exactly the fields the mobile
 * apps write. Fields that do not apply to a type hold ''. `receiverUID` is the group id;
 * `deleteAbleId` and `thumbnailID` are the upstream upload ids of the file and its cover.
 */
export const chatMessageSchema = z
  .object({
    senderUID: idSchema,
    receiverUID: idSchema,
    message: z.string().check(z.maxLength(LIMITS.chatMessage)),
    url: z.string().check(z.maxLength(LIMITS.url)),
    type: chatMessageTypeSchema,
    thumbnail: z.string().check(z.maxLength(LIMITS.url)),
    filetype: z.string().check(z.maxLength(LIMITS.fileType)),
    filename: z.string().check(z.maxLength(LIMITS.fileName)),
    userType: z.enum(['admin', 'user']),
    messageID: idSchema,
    senderUserName: z.string().check(z.maxLength(LIMITS.name)),
    deleteAbleId: z.string().check(z.maxLength(LIMITS.id)),
    thumbnailID: z.string().check(z.maxLength(LIMITS.id)),
    timeStamp: z.int().check(z.nonnegative()),
  })
  .check(
    z.refine((m) => m.type === 'message' || m.url !== '', {
      error: 'A file, image or video message needs its url',
      path: ['url'],
    }),
  );
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * groupChatCounts/{groupId}: how many messages the group's chat holds. A message deleted before
 * its creation was counted takes the count below the truth until it is, so readers treat a
 * negative value as unknown.
 */
export const groupChatCountSchema = z.int();

/**
 * chatCountMarks/{groupId}/{messageId}/{created|deleted}: `true` once that change is in the
 * count; while an invocation (`by`, since `at` in ms) is counting it, its claim.
 */
export const chatCountMarkSchema = z.union([
  z.literal(true),
  z.object({ by: z.string(), at: z.number() }),
]);
export type ChatCountMark = z.infer<typeof chatCountMarkSchema>;
