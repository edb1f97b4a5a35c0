import { FILES_PATH_PREFIX, uploadOf } from '@contracts/api';
import { LIMITS } from '@contracts/realtime';
import { chatMessageSchema, type ChatMessage } from '@contracts/chat/chat-messages';
import { FILE_NAME_DISPLAY_MAX } from '@/lib/constants';

/**
 * Building the messages this back-office writes to `groups/{gid}/groupChat/{messageID}`: exactly
 * the fields the mobile apps write, '' where one does not apply, checked against the shared shape
 * (the rules check it again). `timeStamp` here is a placeholder: the write sends the server's.
 */

export type AttachmentKind = 'file' | 'image' | 'video';

/** What each entry of the upload menu accepts (docs/product.md, "Uploads"). */
export const ATTACHMENT_EXTENSIONS: Record<AttachmentKind, readonly string[]> = {
  file: ['.pdf', '.doc', '.txt', '.zip', '.ppt', '.xls', '.xlsx', '.docx', '.pptx', '.xlsb'],
  image: ['.png', '.jpg', '.jpeg'],
  video: ['.mp4'],
};

/** The file's extension, lower-cased with its dot ('' for none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export function isAccepted(kind: AttachmentKind, fileName: string): boolean {
  return ATTACHMENT_EXTENSIONS[kind].includes(extensionOf(fileName));
}

/** The file picker's `accept` for a kind. */
export function acceptFor(kind: AttachmentKind): string {
  return ATTACHMENT_EXTENSIONS[kind].join(',');
}

/** A file name is shown cut at 20 characters. */
export function truncateFileName(name: string, max: number = FILE_NAME_DISPLAY_MAX): string {
  const characters = Array.from(name);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : name;
}

/**
 * Upload replies carry same-origin `/api/files/...` paths; the message stores the absolute URL
 * so the mobile apps can load it too.
 */
export function absoluteUrl(path: string, origin: string): string {
  return new URL(path, origin).href;
}

export interface Sender {
  /** The Firebase uid, which is the upstream user id. */
  uid: string;
  name: string;
  userType: ChatMessage['userType'];
}

interface Addressing {
  sender: Sender;
  groupId: string;
  messageId: string;
}

function build(addressing: Addressing, fields: Partial<ChatMessage>): ChatMessage {
  return chatMessageSchema.parse({
    senderUID: addressing.sender.uid,
    receiverUID: addressing.groupId,
    message: '',
    url: '',
    type: 'message',
    thumbnail: '',
    filetype: '',
    filename: '',
    userType: addressing.sender.userType,
    messageID: addressing.messageId,
    senderUserName: addressing.sender.name.slice(0, LIMITS.name),
    deleteAbleId: '',
    thumbnailID: '',
    timeStamp: 0,
    ...fields,
  });
}

/** The text as typed, or undefined when there is nothing to send (empty text is ignored). */
export function sendableText(text: string): string | undefined {
  return text.trim() === '' ? undefined : text.trimEnd();
}

export function textMessage(addressing: Addressing, text: string): ChatMessage {
  return build(addressing, { type: 'message', message: text });
}

export interface StoredUpload {
  /** The upstream upload id (for `DELETE /chats/{id}`). */
  id: number;
  url: string;
  name: string;
  mimeType: string;
}

export function attachmentMessage(
  addressing: Addressing,
  kind: AttachmentKind,
  file: StoredUpload,
  cover?: StoredUpload,
): ChatMessage {
  return build(addressing, {
    type: kind,
    url: file.url,
    filename: file.name.slice(0, LIMITS.fileName),
    filetype: file.mimeType.slice(0, LIMITS.fileType),
    deleteAbleId: String(file.id),
    thumbnail: cover?.url ?? '',
    thumbnailID: cover ? String(cover.id) : '',
  });
}

/** The upstream upload ids a message owns (its file, its video cover). */
export function uploadIdsOf(message: ChatMessage): string[] {
  return [message.deleteAbleId, message.thumbnailID].filter((id) => /^\d+$/.test(id));
}

/**
 * Where this page may load or link a file a message names: an upstream upload, always through
 * the app's own file proxy whatever host the message wrote, so nothing else is ever fetched.
 * Null for any other address: members write messages from clients of their own, and such an
 * address is shown as inert text.
 */
export function fileHref(url: string, origin: string): string | null {
  const upload = uploadOf(url, origin);
  return upload === null ? null : `${FILES_PATH_PREFIX.slice(0, -1)}${upload.path}`;
}
