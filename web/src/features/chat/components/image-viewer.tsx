import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from 'lucide-react';
import type { ChatMessage } from '@contracts/chat/chat-messages';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatFull } from '../chat-time';
import { fileHref } from '../message';

export interface ImageViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  message: ChatMessage | null;
}

/** An image message, larger. */
export function ImageViewer({ open, onOpenChange, message }: ImageViewerProps) {
  const { t } = useTranslation('chat');
  const src = message ? fileHref(message.url, window.location.origin) : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        className="max-w-4xl gap-3 p-4 sm:p-5"
        data-testid="image-viewer"
      >
        <DialogHeader className="pr-10">
          <DialogTitle className="truncate text-base">
            {message?.filename || t('IMAGE')}
          </DialogTitle>
          <DialogDescription>
            {message
              ? t('SENT_BY', {
                  name: message.senderUserName,
                  time: formatFull(message.timeStamp),
                })
              : null}
          </DialogDescription>
        </DialogHeader>
        {message && src !== null ? (
          <>
            <img
              src={src}
              alt={message.filename}
              className="max-h-[70dvh] w-full rounded-lg bg-muted object-contain"
            />
            <div className="flex justify-end">
              <Button asChild variant="outline" size="sm">
                <a href={src} target="_blank" rel="noreferrer">
                  <ExternalLinkIcon aria-hidden="true" />
                  {t('OPEN_ORIGINAL')}
                </a>
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
