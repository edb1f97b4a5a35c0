import type { ParseKeys } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FileTextIcon,
  ImageIcon,
  PaperclipIcon,
  SendHorizontalIcon,
  VideoIcon,
  XIcon,
} from 'lucide-react';
import { LIMITS } from '@contracts/realtime';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { acceptFor, sendableText, type AttachmentKind } from '../message';

export interface UploadState {
  name: string;
  /** 0..1 */
  fraction: number;
}

export interface ComposerProps {
  /** Rejects when the message could not be written (the text is then given back). */
  onSendText: (text: string) => Promise<void>;
  onAttach: (kind: AttachmentKind, file: File) => void;
  upload: UploadState | null;
  onCancelUpload: () => void;
  disabled?: boolean;
  /**
   * The database connection is down: text still goes (it waits to be sent), but files do not,
   * as a picked file cannot be kept across a reload.
   */
  offline?: boolean;
}

const KINDS: { kind: AttachmentKind; icon: typeof FileTextIcon; label: ParseKeys<'chat'> }[] = [
  { kind: 'file', icon: FileTextIcon, label: 'ATTACH_FILE' },
  { kind: 'image', icon: ImageIcon, label: 'ATTACH_IMAGE' },
  { kind: 'video', icon: VideoIcon, label: 'ATTACH_VIDEO' },
];

/**
 * The text box and the upload menu. Enter sends, Shift+Enter makes a new line (and Enter that
 * confirms an IME composition does neither); blank text is ignored.
 */
export function Composer({
  onSendText,
  onAttach,
  upload,
  onCancelUpload,
  disabled,
  offline = false,
}: ComposerProps) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const pickers = useRef<Partial<Record<AttachmentKind, HTMLInputElement | null>>>({});

  const submit = () => {
    const sendable = sendableText(text);
    if (sendable === undefined || disabled) return;
    setText('');
    onSendText(sendable).catch(() => {
      // Keep what was typed: give it back unless something new was typed meanwhile.
      setText((current) => (current === '' ? sendable : current));
    });
  };

  return (
    <form
      className="border-t bg-card"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {upload ? (
        <div className="flex items-center gap-3 border-b px-4 py-2" data-testid="upload-progress">
          <div className="min-w-0 flex-1 space-y-1.5">
            <div className="flex items-center justify-between gap-3 text-xs">
              <span className="truncate font-medium">{t('UPLOADING', { name: upload.name })}</span>
              <span className="text-muted-foreground tabular-nums">
                {Math.round(upload.fraction * 100)}%
              </span>
            </div>
            <div
              role="progressbar"
              aria-label={t('UPLOADING', { name: upload.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(upload.fraction * 100)}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width] duration-150"
                style={{ width: `${upload.fraction * 100}%` }}
              />
            </div>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon-sm"
            onClick={onCancelUpload}
            aria-label={t('CANCEL_UPLOAD')}
          >
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <div className="flex items-end gap-2 p-3">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="shrink-0"
              aria-label={offline ? t('ATTACH_OFFLINE') : t('ATTACH')}
              title={offline ? t('ATTACH_OFFLINE') : undefined}
              disabled={disabled || offline || upload !== null}
              data-testid="attach"
            >
              <PaperclipIcon aria-hidden="true" className="size-5" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" side="top">
            {KINDS.map(({ kind, icon: Icon, label }) => (
              <DropdownMenuItem
                key={kind}
                onSelect={() => pickers.current[kind]?.click()}
                data-testid={`attach-${kind}`}
              >
                <Icon aria-hidden="true" />
                {t(label)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
        {KINDS.map(({ kind }) => (
          <input
            key={kind}
            ref={(element) => {
              pickers.current[kind] = element;
            }}
            type="file"
            accept={acceptFor(kind)}
            className="hidden"
            tabIndex={-1}
            aria-hidden="true"
            data-testid={`pick-${kind}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onAttach(kind, file);
            }}
          />
        ))}
        <textarea
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          rows={1}
          maxLength={LIMITS.chatMessage}
          placeholder={t('PLACEHOLDER')}
          aria-label={t('MESSAGE')}
          disabled={disabled}
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-input bg-background px-4 py-2 text-sm leading-6 shadow-xs outline-none placeholder:text-muted-foreground/80 focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:opacity-50"
          data-testid="composer-input"
        />
        <Button
          type="submit"
          size="icon"
          className="shrink-0 rounded-full"
          aria-label={t('SEND')}
          disabled={disabled || sendableText(text) === undefined}
          data-testid="send"
        >
          <SendHorizontalIcon aria-hidden="true" />
        </Button>
      </div>
    </form>
  );
}
