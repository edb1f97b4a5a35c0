import { useTranslation } from 'react-i18next';
import { Clock3Icon, FileTextIcon, ImageIcon, VideoIcon } from 'lucide-react';
import type { ChatMessage } from '@contracts/chat/chat-messages';

const ICONS = { file: FileTextIcon, image: ImageIcon, video: VideoIcon } as const;

/**
 * The admin's messages the database has not acknowledged yet, oldest first, above the text
 * box. Each says "Waiting to send" in words and with a clock, and is drawn dashed and faded,
 * so it never passes for a sent message.
 */
export function WaitingMessages({ messages }: { messages: readonly ChatMessage[] }) {
  const { t } = useTranslation('chat');
  if (messages.length === 0) return null;
  return (
    <section
      aria-label={t('WAITING_TITLE')}
      className="max-h-40 shrink-0 overflow-y-auto border-t bg-muted/40 px-3 py-2 sm:px-4"
      data-testid="waiting-messages"
    >
      <ol className="flex flex-col items-end gap-1.5">
        {messages.map((message) => {
          const Icon = message.type === 'message' ? null : ICONS[message.type];
          return (
            <li
              key={message.messageID}
              className="flex max-w-[85%] flex-col items-end gap-0.5"
              data-testid="waiting-message"
            >
              <p className="flex min-w-0 items-center gap-2 rounded-2xl rounded-br-md border border-dashed border-primary/60 bg-card px-3 py-1.5 text-sm break-words whitespace-pre-wrap text-foreground/80">
                {Icon ? <Icon aria-hidden="true" className="size-4 shrink-0" /> : null}
                <span className="min-w-0">{message.message || message.filename}</span>
              </p>
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <Clock3Icon aria-hidden="true" className="size-3.5" />
                {t('WAITING_TO_SEND')}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
