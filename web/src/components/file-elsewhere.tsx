import { useTranslation } from 'react-i18next';
import { ExternalLinkIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * Where a picture would be, when the upstream keeps it on a host the app may not load from
 * (see UPSTREAM_FILE_ORIGINS): why it is not shown, and a link to open it in a new tab.
 */
export function FileElsewhere({ url, className }: { url: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer noopener"
      className={cn(
        'grid justify-items-center gap-1.5 rounded px-3 text-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
        className,
      )}
      data-testid="file-elsewhere"
    >
      <ExternalLinkIcon aria-hidden="true" className="size-5 opacity-70" />
      {t('COMMON.FILE_ELSEWHERE')}
    </a>
  );
}
