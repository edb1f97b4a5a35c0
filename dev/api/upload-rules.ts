import { attribute } from './validation.js';

/**
 * Which uploads each call accepts (docs/product.md#uploads), judged by content where the format has
 * a signature: an extension alone never lets a file in. Pure: the bytes are sniffed elsewhere.
 */

/** What sniffing the content found: file-type's extension, or 'text' for signature-less UTF-8. */
export type Sniffed = { ext: string } | 'text' | 'unknown';

interface Accepted {
  mime: string;
  /** Sniffed results that match this extension ('text' = no signature, valid UTF-8). */
  content: readonly string[];
}

const OOXML_OR_ZIP = ['zip', 'docx', 'xlsx', 'pptx'];

/** Chat files, images and videos, by extension, in the order the product lists them. */
const CHAT: Record<string, Accepted> = {
  pdf: { mime: 'application/pdf', content: ['pdf'] },
  doc: { mime: 'application/msword', content: ['cfb'] },
  txt: { mime: 'text/plain', content: ['text'] },
  zip: { mime: 'application/zip', content: OOXML_OR_ZIP },
  ppt: { mime: 'application/vnd.ms-powerpoint', content: ['cfb'] },
  xls: { mime: 'application/vnd.ms-excel', content: ['cfb'] },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: ['xlsx', 'zip'],
  },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    content: ['docx', 'zip'],
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    content: ['pptx', 'zip'],
  },
  // Excel's binary workbook is a zip whose content types file-type does not name.
  xlsb: { mime: 'application/vnd.ms-excel.sheet.binary.macroEnabled.12', content: ['zip', 'xlsx'] },
  png: { mime: 'image/png', content: ['png', 'apng'] },
  jpg: { mime: 'image/jpeg', content: ['jpg'] },
  jpeg: { mime: 'image/jpeg', content: ['jpg'] },
  mp4: { mime: 'video/mp4', content: ['mp4', 'm4v'] },
};

/** Pictures are judged by content alone; the stored name gets the extension of what they are. */
const PICTURES: Record<string, { ext: string; mime: string }> = {
  png: { ext: 'png', mime: 'image/png' },
  apng: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  gif: { ext: 'gif', mime: 'image/gif' },
};

export const UPLOAD_KINDS = {
  /** POST /chats */
  chat: { list: Object.keys(CHAT) },
  /** Announcement and group images. */
  image: { list: ['png', 'jpeg', 'jpg'], pictures: ['png', 'apng', 'jpg'] },
  /** Offer images. */
  offer: { list: ['png', 'gif', 'jpeg', 'jpg'], pictures: ['png', 'apng', 'jpg', 'gif'] },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export type Verdict = { ok: true; ext: string; mime: string } | { ok: false; message: string };

export function judgeUpload(
  kind: UploadKind,
  field: string,
  clientName: string,
  sniffed: Sniffed,
): Verdict {
  const label = attribute(field);
  const wrongType: Verdict = {
    ok: false,
    message: `The ${label} field must be a file of type: ${UPLOAD_KINDS[kind].list.join(', ')}.`,
  };
  if (kind === 'chat') {
    const ext = extensionOf(clientName);
    const accepted = CHAT[ext];
    if (accepted === undefined) return wrongType;
    const found = sniffed === 'text' || sniffed === 'unknown' ? sniffed : sniffed.ext;
    if (!accepted.content.includes(found)) {
      return { ok: false, message: `The ${label} content does not match its .${ext} extension.` };
    }
    return { ok: true, ext, mime: accepted.mime };
  }
  if (typeof sniffed === 'string') return wrongType;
  const allowed: readonly string[] = UPLOAD_KINDS[kind].pictures;
  const picture = PICTURES[sniffed.ext];
  if (!allowed.includes(sniffed.ext) || picture === undefined) return wrongType;
  return { ok: true, ...picture };
}

export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * A name safe on any disk and in a URL path: the client's base name (no folders), letters,
 * digits, '-' and '_' only, at most 80 characters, then the given extension.
 */
export function safeFileName(clientName: string, ext: string): string {
  const base = clientName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '')
    .slice(0, 80)
    .replace(/[-_]+$/, '');
  return `${stem || 'file'}.${ext}`;
}
