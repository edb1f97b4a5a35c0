import type { ChatMessage } from '@contracts/chat/chat-messages';
import type { ChatUpload } from '@contracts/upstream/upstream';
import { absoluteUrl, isAccepted, type AttachmentKind, type StoredUpload } from './message';
import { VideoRefused } from './video-cover';

export type AttachmentProblem = 'type' | 'too-short' | 'unreadable' | 'upload' | 'write';

/** Why an attachment was not sent; `cause` holds the underlying error where there is one. */
export class AttachmentError extends Error {
  override readonly name = 'AttachmentError';
  constructor(
    readonly problem: AttachmentProblem,
    override readonly cause?: unknown,
  ) {
    super(problem);
  }
}

export interface AttachmentDeps {
  /** POST /chats (multipart `file`), reporting progress 0..1. */
  upload(file: Blob, name: string, onProgress: (fraction: number) => void): Promise<ChatUpload>;
  /** DELETE /chats/{id}. */
  removeUpload(id: number): Promise<void>;
  readCover(file: File): Promise<{ cover: Blob }>;
  /** Writes the message built for the new message id. */
  write(build: (messageId: string) => ChatMessage): Promise<void>;
  origin: string;
}

/** The cover is small next to the video; its share of the progress bar. */
const COVER_SHARE = 0.1;

function coverName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return `${dot > 0 ? fileName.slice(0, dot) : fileName}-cover.jpg`;
}

/** The upload's id and address from the reply; its name and type are those of the file sent. */
function stored(upload: ChatUpload, sent: Blob, name: string, origin: string): StoredUpload {
  return {
    id: upload.id,
    url: absoluteUrl(upload.file.original_url, origin),
    name,
    mimeType: sent.type || 'application/octet-stream',
  };
}

/**
 * Sends a file, an image or a video: checks its type (and a video's length, taking its cover),
 * uploads it (the cover first), then writes the message. Uploads of a message that could not be
 * written are deleted again, so nothing is left upstream that no message points to.
 */
export async function sendAttachment(
  kind: AttachmentKind,
  file: File,
  build: (messageId: string, file: StoredUpload, cover?: StoredUpload) => ChatMessage,
  deps: AttachmentDeps,
  onProgress: (fraction: number) => void,
): Promise<void> {
  if (!isAccepted(kind, file.name)) throw new AttachmentError('type');

  let coverBlob: Blob | undefined;
  if (kind === 'video') {
    try {
      coverBlob = (await deps.readCover(file)).cover;
    } catch (error) {
      throw new AttachmentError(error instanceof VideoRefused ? error.reason : 'unreadable', error);
    }
  }

  const uploaded: StoredUpload[] = [];
  const cleanUp = () => Promise.allSettled(uploaded.map((upload) => deps.removeUpload(upload.id)));
  let cover: StoredUpload | undefined;
  let main: StoredUpload;
  try {
    if (coverBlob) {
      const name = coverName(file.name);
      cover = stored(
        await deps.upload(coverBlob, name, (p) => onProgress(p * COVER_SHARE)),
        coverBlob,
        name,
        deps.origin,
      );
      uploaded.push(cover);
    }
    const share = coverBlob ? COVER_SHARE : 0;
    main = stored(
      await deps.upload(file, file.name, (p) => onProgress(share + p * (1 - share))),
      file,
      file.name,
      deps.origin,
    );
    uploaded.push(main);
  } catch (error) {
    await cleanUp();
    throw new AttachmentError('upload', error);
  }

  try {
    await deps.write((messageId) => build(messageId, main, cover));
  } catch (error) {
    await cleanUp();
    throw new AttachmentError('write', error);
  }
}
