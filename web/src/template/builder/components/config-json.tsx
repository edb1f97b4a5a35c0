import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { COPY_RESET_MS } from '@/lib/constants';
import { toast } from '@/lib/toast';

const NS = 'builder';

export type WriteText = (text: string) => Promise<void>;

/** The clipboard of the page, or a refusal where there is none (insecure origins, old browsers). */
export const browserClipboard: WriteText = (text) =>
  typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function'
    ? navigator.clipboard.writeText(text)
    : Promise.reject(new Error('No clipboard'));

/** The generated config as JSON, with a copy button whose confirmation lasts 2 s. */
export function ConfigJson({
  json,
  write = browserClipboard,
}: {
  json: string;
  write?: WriteText;
}) {
  const { t } = useTranslation(NS);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await write(json);
    } catch {
      toast.error(t('CONFIG.COPY_FAILED'));
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_RESET_MS);
  };

  return (
    <Card data-testid="builder-config">
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">{t('CONFIG.TITLE')}</h2>
        <CardDescription className="text-[13px]">{t('CONFIG.HINT')}</CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={() => void copy()} data-testid="copy-config">
            {copied ? (
              <CheckIcon aria-hidden="true" className="text-success" />
            ) : (
              <CopyIcon aria-hidden="true" />
            )}
            {copied ? t('CONFIG.COPIED') : t('CONFIG.COPY')}
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent>
        <pre
          className="max-h-96 thin-scrollbar overflow-auto rounded-lg bg-muted p-4 font-mono text-[13px] leading-relaxed"
          data-testid="config-json"
          // A scrollable region must be reachable with the keyboard.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          <code>{json}</code>
        </pre>
        <span className="sr-only" role="status">
          {copied ? t('CONFIG.COPIED') : ''}
        </span>
      </CardContent>
    </Card>
  );
}
