import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon, ImagePlusIcon, Undo2Icon } from 'lucide-react';
import type { OfferSlot as Slot } from '@contracts/upstream/upstream';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Field,
  FormControl,
  FormDescription,
  FormMessage,
  useFormField,
} from '@/components/ui/form';
import { FileElsewhere } from '@/components/file-elsewhere';
import { Skeleton } from '@/components/ui/skeleton';
import { elsewhereFile, ownFile } from '@/lib/api/own-file';
import { cn } from '@/lib/utils';
import { OFFER_IMAGE_TYPES, SLOT_LABEL_KEYS } from '../schemas';
import type { PickedImage } from './use-picked-images';

export interface OfferSlotProps {
  slot: Slot;
  position: number;
  /** The image the app shows now; undefined while loading, null when the slot is empty. */
  currentUrl: string | null | undefined;
  /** The upstream sent images without their slots: whether this one is empty is not known. */
  placeUnknown?: boolean;
  picked: PickedImage | undefined;
  error: string | undefined;
  disabled: boolean;
  onPick: (file: File | null) => void;
}

/** One of the three offer banners: what is live, and the image chosen to replace it. */
export function OfferSlot({
  slot,
  position,
  currentUrl,
  placeUnknown = false,
  picked,
  error,
  disabled,
  onPick,
}: OfferSlotProps) {
  const { t } = useTranslation('offers');
  const id = useId();
  const label = t(SLOT_LABEL_KEYS[slot]);
  const shown = picked?.url ?? currentUrl;
  const own = ownFile(shown);
  const elsewhere = elsewhereFile(shown);

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid={`offer-slot-${slot}`}
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-colors',
        picked && 'border-primary/60 ring-2 ring-primary/15',
        error && 'border-destructive/60',
      )}
    >
      <div className="flex items-center justify-between gap-2 px-4 py-3">
        <h3 id={`${id}-title`} className="flex items-center gap-2 font-semibold">
          <span
            aria-hidden="true"
            className="grid size-6 place-content-center rounded-full bg-primary/10 text-xs text-primary tabular-nums"
          >
            {position}
          </span>
          {label}
        </h3>
        {picked ? <Badge variant="default">{t('NEW')}</Badge> : null}
      </div>
      <div className="relative grid aspect-[2/1] place-content-center overflow-hidden border-y bg-muted text-muted-foreground">
        {shown === undefined ? (
          <Skeleton className="absolute inset-0 rounded-none" />
        ) : elsewhere ? (
          <FileElsewhere url={elsewhere} />
        ) : own ? (
          <img
            src={own}
            alt={picked ? t('PREVIEW_ALT', { slot: label }) : t('CURRENT_ALT', { slot: label })}
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <span className="grid justify-items-center gap-1.5 text-sm">
            <ImageIcon aria-hidden="true" className="size-6 opacity-60" />
            {placeUnknown ? t('UNKNOWN_SLOT') : t('EMPTY_SLOT')}
          </span>
        )}
      </div>
      <Field error={error}>
        <SlotPicker
          titleId={`${id}-title`}
          hasImage={Boolean(shown)}
          picked={picked}
          disabled={disabled}
          onPick={onPick}
        />
      </Field>
    </section>
  );
}

interface SlotPickerProps {
  titleId: string;
  hasImage: boolean;
  picked: PickedImage | undefined;
  disabled: boolean;
  onPick: (file: File | null) => void;
}

/** The file button (a label styled as one), Undo, and the chosen file's name or the error. */
function SlotPicker({ titleId, hasImage, picked, disabled, onPick }: SlotPickerProps) {
  const { t } = useTranslation('offers');
  const { controlId, error } = useFormField();
  const buttonId = `${controlId}-button`;
  return (
    <div className="grid gap-2 px-4 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <FormControl>
          <input
            type="file"
            accept={OFFER_IMAGE_TYPES.join(',')}
            className="peer sr-only"
            aria-labelledby={`${buttonId} ${titleId}`}
            disabled={disabled}
            onChange={(event) => {
              onPick(event.target.files?.[0] ?? null);
              // The choice lives in the page; an emptied input lets the same file be picked again.
              event.target.value = '';
            }}
          />
        </FormControl>
        <label
          id={buttonId}
          htmlFor={controlId}
          className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-input bg-card px-3 text-[13px] font-medium shadow-xs transition-colors peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/40 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-accent"
        >
          <ImagePlusIcon aria-hidden="true" className="size-4" />
          {hasImage ? t('REPLACE') : t('CHOOSE')}
        </label>
        {picked ? (
          <Button
            type="button"
            size="sm"
            variant="ghost"
            disabled={disabled}
            onClick={() => onPick(null)}
          >
            <Undo2Icon aria-hidden="true" />
            {t('UNDO')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <FormMessage />
      ) : (
        <FormDescription className="truncate">
          {picked ? picked.file.name : t('HINT')}
        </FormDescription>
      )}
    </div>
  );
}
