import { useTranslation } from 'react-i18next';
import { TriangleAlertIcon } from 'lucide-react';
import { ownFile } from '@/lib/api/own-file';
import type { Offer } from '@contracts/upstream/upstream';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** Offer images the upstream sent without their slots, shown as they came. */
export function UnplacedOffers({ offers }: { offers: readonly Offer[] }) {
  const { t } = useTranslation('offers');
  return (
    <Alert data-testid="unplaced-offers">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertDescription className="grid gap-3">
        <p>{t('UNPLACED', { count: offers.length })}</p>
        <ul className="flex flex-wrap gap-2">
          {offers.map((offer, index) => (
            <li key={offer.id}>
              <a href={offer.image.original_url} target="_blank" rel="noreferrer">
                {ownFile(offer.image.original_url) ? (
                  <img
                    src={offer.image.original_url}
                    alt={t('UNPLACED_ALT', { number: index + 1 })}
                    className="h-16 w-32 rounded-md border object-cover"
                  />
                ) : (
                  // On a host the app may not load from: the link opens it, its text says which.
                  <span className="grid h-16 w-32 place-content-center rounded-md border text-xs">
                    {t('UNPLACED_ALT', { number: index + 1 })}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
