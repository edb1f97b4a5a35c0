import { useTranslation } from 'react-i18next';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { PLATFORMS, previewOf, type Platform } from './cuts';

const APP_NAME = 'Fuel Community';
const APP_ICON = '/favicon.svg';

export interface NotificationPreviewProps {
  title: string;
  body: string;
  /** An image URL, when the push carries one. */
  image?: string;
  className?: string;
}

/**
 * The push as an Android phone, an iPhone and a desktop browser show it: the app's icon, the
 * title and text cut where each platform cuts them, the image when one is given. Live: it
 * renders whatever the fields hold.
 */
export function NotificationPreview({ title, body, image, className }: NotificationPreviewProps) {
  const { t } = useTranslation('push-composer');
  const platforms: { id: Platform; label: string }[] = [
    // Product names, the same in every language.
    { id: 'android', label: 'Android' },
    { id: 'iphone', label: 'iPhone' },
    { id: 'desktop', label: t('PREVIEW.DESKTOP') },
  ];
  return (
    <section aria-label={t('PREVIEW.LABEL')} className={cn('grid content-start gap-3', className)}>
      <Tabs defaultValue="android" className="grid gap-3">
        <TabsList className="w-full" aria-label={t('PREVIEW.PLATFORMS')}>
          {platforms.map(({ id, label }) => (
            <TabsTrigger key={id} value={id}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {platforms.map(({ id, label }) => {
          const shown = previewOf(id, title, body);
          const cut = shown.title.cut || shown.body.cut;
          return (
            <TabsContent key={id} value={id} className="grid gap-2">
              <Card platform={id} title={shown.title.shown} body={shown.body.shown} image={image} />
              <p className="text-xs text-muted-foreground" aria-live="polite">
                {cut
                  ? t('PREVIEW.CUT', {
                      platform: label,
                      title: PLATFORMS[id].title,
                      body: PLATFORMS[id].body,
                    })
                  : t('PREVIEW.FITS', { platform: label })}
              </p>
            </TabsContent>
          );
        })}
      </Tabs>
    </section>
  );
}

function Card({
  platform,
  title,
  body,
  image,
}: {
  platform: Platform;
  title: string;
  body: string;
  image: string | undefined;
}) {
  const { t } = useTranslation('push-composer');
  const empty = <span className="text-muted-foreground italic">{t('PREVIEW.EMPTY')}</span>;
  const heading = <p className="font-semibold break-words">{title || empty}</p>;
  const text = <p className="break-words whitespace-pre-line">{body || empty}</p>;
  const picture = image ? (
    <img
      src={image}
      alt=""
      className={cn(
        'rounded-md object-cover',
        platform === 'iphone' ? 'size-10 shrink-0' : 'max-h-40 w-full',
      )}
    />
  ) : null;
  const source = (
    <p className="flex items-center gap-1.5 text-[11px] text-muted-foreground">
      <img src={APP_ICON} alt="" className="size-4 rounded" />
      <span>{APP_NAME}</span>
      <span aria-hidden="true">·</span>
      <span>{t('PREVIEW.NOW')}</span>
    </p>
  );
  if (platform === 'iphone') {
    return (
      <div className="flex gap-3 rounded-2xl bg-muted/70 p-3 text-[13px] shadow-sm backdrop-blur">
        <img src={APP_ICON} alt="" className="size-9 shrink-0 rounded-lg" />
        <div className="grid min-w-0 flex-1 gap-0.5">
          <p className="flex justify-between text-[11px] text-muted-foreground">
            <span>{APP_NAME}</span>
            <span>{t('PREVIEW.NOW')}</span>
          </p>
          {heading}
          {text}
        </div>
        {picture}
      </div>
    );
  }
  if (platform === 'desktop') {
    return (
      <div className="flex gap-3 rounded-md border bg-card p-3 text-[13px] shadow-md">
        <img src={APP_ICON} alt="" className="size-10 shrink-0 rounded" />
        <div className="grid min-w-0 flex-1 gap-1">
          {heading}
          {text}
          {picture}
          <p className="text-[11px] text-muted-foreground">{location.host}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="grid gap-1.5 rounded-xl border bg-card p-3 text-[13px] shadow-sm">
      {source}
      {heading}
      {text}
      {picture}
    </div>
  );
}
