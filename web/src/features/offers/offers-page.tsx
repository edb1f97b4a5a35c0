import { useMemo, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { SkippedNotice } from '@/components/skipped-notice';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from 'lucide-react';
import { OFFER_SLOTS, type OfferSlot as Slot } from '@contracts/upstream/upstream';
import { usePageMeta } from '@/components/page-meta';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorLines } from '@/lib/api/api-client';
import { useAllows } from '@/lib/roles/roles';
import { toast } from '@/lib/toast';
import { runtimeKey } from '@/lib/i18n';
import { useOffers } from './api/get-offers';
import { useUploadOffers } from './api/upload-offers';
import { OfferSlot } from './components/offer-slot';
import { UnplacedOffers } from './components/unplaced-offers';
import { placeOffers } from '@contracts/upstream/place-offers';
import { usePickedImages } from './components/use-picked-images';
import { offerImageSchema, type OfferUpload } from './schemas';

/**
 * /offers: the three offer images, each replaced by choosing a png, gif or jpeg
 * (previewed at once) and uploading; the upload shows its progress.
 */
export function OffersPage() {
  const { t } = useTranslation('offers');
  usePageMeta({ title: t('MENU.OFFERS') });
  const offers = useOffers();
  const upload = useUploadOffers();
  const { picked, pick, clear } = usePickedImages<Slot>();
  const [errors, setErrors] = useState<Partial<Record<Slot, string>>>({});
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const pending = upload.isPending;
  // Nothing to pick for an upload the roles refuse; Upload says why.
  const writable = useAllows('offers.write').allowed;
  const chosen = OFFER_SLOTS.filter((slot) => picked[slot] !== undefined);

  const placed = useMemo(() => placeOffers(offers.data?.items ?? []), [offers.data]);
  const current = (slot: Slot): string | null | undefined => {
    if (!offers.data) return offers.isError ? null : undefined;
    return placed.bySlot[slot]?.image.original_url ?? null;
  };

  const choose = (slot: Slot, file: File | null) => {
    const checked = file ? offerImageSchema.safeParse(file) : null;
    const message = checked?.error?.issues[0]?.message;
    setErrors((before) => ({
      ...before,
      [slot]: message ? t(runtimeKey<'offers'>(message)) : undefined,
    }));
    pick(slot, checked?.success ? file : null);
  };

  const send = async () => {
    const files: OfferUpload = {};
    for (const slot of chosen) files[slot] = picked[slot]?.file;
    setProgress(undefined);
    try {
      await upload.mutateAsync({
        upload: files,
        onProgress: ({ fraction }) => setProgress(fraction),
      });
    } catch (error) {
      toast.error(errorLines(error, t));
      return;
    }
    toast.success(t('MESSAGES.SAVED_SUCCESSFULLY'));
    clear();
  };
  const percent = progress === undefined ? undefined : Math.round(progress * 100);

  return (
    <div className="grid gap-5">
      <p className="max-w-3xl text-sm text-muted-foreground">{t('INTRO')}</p>

      {offers.isError ? (
        <LoadFailed
          title={t('LOAD_FAILED')}
          lines={errorLines(offers.error, t)}
          onRetry={() => void offers.refetch()}
        />
      ) : null}

      <SkippedNotice count={offers.data?.skipped} />

      {placed.unplaced.length > 0 ? <UnplacedOffers offers={placed.unplaced} /> : null}

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {OFFER_SLOTS.map((slot, index) => (
          <OfferSlot
            key={slot}
            slot={slot}
            position={index + 1}
            currentUrl={current(slot)}
            placeUnknown={placed.unplaced.length > 0 && !placed.bySlot[slot]}
            picked={picked[slot]}
            error={errors[slot]}
            disabled={pending || !writable}
            onPick={(file) => choose(slot, file)}
          />
        ))}
      </div>

      <div
        aria-busy={pending}
        className="sticky bottom-3 z-10 flex flex-col gap-3 rounded-xl border bg-card/95 p-4 shadow-md backdrop-blur sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="grid min-w-0 flex-1 gap-2">
          <p aria-live="polite" className="text-sm">
            {chosen.length > 0
              ? t('CHOSEN', { chosen: chosen.length, total: OFFER_SLOTS.length })
              : t('NONE_CHOSEN')}
          </p>
          {pending ? (
            <div className="flex items-center gap-3">
              <div
                role="progressbar"
                aria-label={t('UPLOADING')}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted sm:max-w-sm"
              >
                <div
                  className="h-full rounded-full bg-primary transition-[width]"
                  style={{ width: `${percent ?? 5}%` }}
                />
              </div>
              <span className="text-xs text-muted-foreground tabular-nums">
                {percent === undefined ? t('UPLOADING') : `${percent}%`}
              </span>
            </div>
          ) : null}
        </div>
        <Permitted permission="offers.write">
          <Button
            onClick={() => void send()}
            disabled={pending || chosen.length === 0}
            aria-busy={pending}
          >
            {pending ? <Spinner /> : <UploadIcon aria-hidden="true" />}
            {t('UPLOAD')}
          </Button>
        </Permitted>
      </div>
    </div>
  );
}
