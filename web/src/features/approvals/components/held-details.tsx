import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldPush } from '@contracts/changes/changes';
import { Skeleton } from '@/components/ui/skeleton';
import { useHeldChange } from '@/lib/changes/use-changes';
import { Detail, When } from './detail';
import { HeldUpstreamDetails } from './held-upstream';

const WEB_ADDRESS = /^https?:\/\//i;

const loading = <Skeleton className="h-20" aria-hidden="true" data-testid="held-loading" />;

/**
 * What approving the request does: a push's title, text, image and time, or the call to the
 * upstream API. Only the admins who may approve read it; a refused read (roles changed
 * meanwhile) shows nothing rather than a failure.
 */
export function HeldDetails({ id }: { id: string }) {
  const { t } = useTranslation('approvals');
  const held = useHeldChange(id, true);
  if (held.status === 'error') return null;
  if (held.status === 'loading') return loading;
  if (held.value === null) {
    return <p className="text-sm text-muted-foreground">{t('HELD.GONE')}</p>;
  }
  if (held.value.kind === 'push') return <HeldPushDetails held={held.value} />;
  return (
    // The grade names come with the price desk's strings, loaded on first use.
    <Suspense fallback={loading}>
      <HeldUpstreamDetails held={held.value} />
    </Suspense>
  );
}

function HeldPushDetails({ held }: { held: HeldPush }) {
  const { t } = useTranslation('approvals');
  const { title, description, image, sendAt } = held;
  return (
    <section
      aria-label={t('HELD.LABEL')}
      className="grid gap-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
    >
      <dl className="grid gap-2 sm:grid-cols-2">
        <Detail label={t('HELD.TITLE')}>{title}</Detail>
        <Detail label={t('HELD.SEND_AT')}>
          {sendAt === undefined ? t('HELD.NOW') : <When at={sendAt} />}
        </Detail>
        <Detail label={t('HELD.DESCRIPTION')} className="sm:col-span-2">
          <span className="whitespace-pre-line">{description}</span>
        </Detail>
        <Detail label={t('HELD.IMAGE')} className="sm:col-span-2">
          {image === '' ? (
            t('HELD.NO_IMAGE')
          ) : WEB_ADDRESS.test(image) ? (
            <a
              href={image}
              target="_blank"
              rel="noopener noreferrer"
              className="text-primary underline underline-offset-2"
            >
              {image}
            </a>
          ) : (
            image
          )}
        </Detail>
      </dl>
    </section>
  );
}
