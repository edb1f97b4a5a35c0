import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { errorLines, isApiError } from '@/lib/api/api-client';
import { useServices } from '@/lib/services';
import { toast } from '@/lib/toast';
import { deleteChatFile, uploadChatFile } from './api/chat-files';
import type { UploadState } from './components/composer';
import {
  ATTACHMENT_EXTENSIONS,
  attachmentMessage,
  isAccepted,
  type AttachmentKind,
  type Sender,
} from './message';
import { AttachmentError, sendAttachment } from './send-attachment';
import { readVideoCover } from './video-cover';

const WRONG_TYPE_KEYS = {
  file: 'WRONG_TYPE_FILE',
  image: 'WRONG_TYPE_IMAGE',
  video: 'WRONG_TYPE_VIDEO',
} as const satisfies Record<AttachmentKind, string>;

function isAbort(error: unknown): boolean {
  const cause = error instanceof AttachmentError ? error.cause : error;
  return cause instanceof DOMException && cause.name === 'AbortError';
}

export interface AttachmentsInput {
  sender: Sender;
  groupId: string;
  /** Writes a message built for the key it is given (useChatOutbox's `write`). */
  write: (build: (messageId: string) => ChatMessage) => Promise<void>;
}

/**
 * Sending a file, an image or a video: the upload with its progress and cancel, the video's
 * cover, then the message; every way it can fail is told to the admin.
 */
export function useAttachments({ sender, groupId, write }: AttachmentsInput) {
  const { t } = useTranslation('chat');
  const services = useServices();
  const [upload, setUpload] = useState<UploadState | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);

  const reportAttachment = (kind: AttachmentKind, error: unknown) => {
    if (isAbort(error)) {
      toast.info(t('UPLOAD_CANCELLED'));
      return;
    }
    services.logger.warn('An attachment could not be sent', error);
    const problem = error instanceof AttachmentError ? error.problem : 'upload';
    switch (problem) {
      case 'type':
        toast.error(t(WRONG_TYPE_KEYS[kind], { types: ATTACHMENT_EXTENSIONS[kind].join(' ') }));
        return;
      case 'too-short':
        toast.error(t('VIDEO_TOO_SHORT'));
        return;
      case 'unreadable':
        toast.error(t('VIDEO_UNREADABLE'));
        return;
      case 'write':
        toast.error(t('SEND_FAILED'));
        return;
      case 'upload': {
        const cause = error instanceof AttachmentError ? error.cause : error;
        const reasons = isApiError(cause) && cause.kind === 'rejected' ? errorLines(cause, t) : [];
        toast.error([t('MESSAGES.UPLOAD_FAILED'), ...reasons]);
        return;
      }
    }
  };

  const attach = async (kind: AttachmentKind, file: File) => {
    if (!isAccepted(kind, file.name)) {
      reportAttachment(kind, new AttachmentError('type'));
      return;
    }
    const controller = new AbortController();
    uploadAbort.current = controller;
    setUpload({ name: file.name, fraction: 0 });
    try {
      await sendAttachment(
        kind,
        file,
        (messageId, main, cover) =>
          attachmentMessage({ sender, groupId, messageId }, kind, main, cover),
        {
          upload: (blob, name, onProgress) =>
            uploadChatFile(services.api, blob, name, onProgress, controller.signal),
          removeUpload: (id) => deleteChatFile(services.api, id),
          readCover: readVideoCover,
          write,
          origin: window.location.origin,
        },
        (fraction) => setUpload({ name: file.name, fraction }),
      );
    } catch (error) {
      reportAttachment(kind, error);
    } finally {
      uploadAbort.current = null;
      setUpload(null);
    }
  };

  return { upload, attach, cancelUpload: () => uploadAbort.current?.abort() };
}
