import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ImageIcon, ImagePlusIcon, XIcon } from 'lucide-react';
import { TextField } from '@/components/form-field';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorLines } from '@/lib/api/api-client';
import { placeFieldErrors } from '@/lib/api/field-errors';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { ownFile } from '@/lib/api/own-file';
import { useSaveAnnouncement } from '../api/save-announcement';
import {
  ANNOUNCEMENT_IMAGE_TYPES,
  announcementFormSchema,
  DESCRIPTION_MAX,
  type AnnouncementFormInput,
  type AnnouncementFormValues,
} from '../schemas';
import { usePickedImage } from './use-picked-image';

export interface AnnouncementFormProps {
  /** The announcement edited in place; without it the form adds a new one. */
  editing?: { id: number; title: string; description: string; imageUrl: string | undefined };
  onDone?: () => void;
  onCancel?: () => void;
  className?: string;
}

/**
 * Title and description required, an optional png or jpeg image with a preview. Saving shows a
 * spinner and the upload's progress; a refusal toasts the server's words and keeps the form.
 */
export function AnnouncementForm({ editing, onDone, onCancel, className }: AnnouncementFormProps) {
  const { t } = useTranslation('announcements');
  const save = useSaveAnnouncement();
  const ids = useId();
  const [picked, pick] = usePickedImage();
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const form = useForm<AnnouncementFormInput, unknown, AnnouncementFormValues>({
    resolver: zodResolver(announcementFormSchema),
    mode: 'onTouched',
    defaultValues: {
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      image: undefined,
    },
  });
  const pending = save.isPending;
  // A current image on a host the app may not load from is not previewed (the card links it).
  const previewUrl = ownFile(picked?.url ?? editing?.imageUrl);

  const chooseImage = (file: File | null) => {
    pick(file);
    form.setValue('image', file ?? undefined, { shouldValidate: true, shouldTouch: true });
  };

  const submit = form.handleSubmit(async (values) => {
    setProgress(undefined);
    try {
      await save.mutateAsync({
        id: editing?.id,
        values,
        onProgress: ({ fraction }) => setProgress(fraction),
      });
    } catch (error) {
      placeFieldErrors(error, form.setError, ['title', 'description', 'image']);
      toast.error(errorLines(error, t));
      return;
    }
    toast.success(t(editing ? 'MESSAGES.UPDATED_SUCCESSFULLY' : 'MESSAGES.ADDED_SUCCESSFULLY'));
    if (!editing) {
      form.reset();
      chooseImage(null);
    }
    onDone?.();
  });

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={pending}
      className={cn('grid gap-4', className)}
    >
      <TextField
        form={form}
        name="title"
        label={t('FORM.TITLE')}
        placeholder={t('FORM.TITLE_PLACEHOLDER')}
        autoComplete="off"
      />
      <FormField
        control={form.control}
        name="description"
        render={({ field }) => (
          <FormItem>
            <FormLabel>{t('FORM.DESCRIPTION')}</FormLabel>
            <FormControl>
              <Textarea
                {...field}
                rows={4}
                maxLength={DESCRIPTION_MAX}
                placeholder={t('FORM.DESCRIPTION_PLACEHOLDER')}
                className="max-h-64"
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="image"
        render={() => (
          <FormItem>
            <span id={`${ids}-image-label`} className="text-sm leading-none font-medium">
              {t('FORM.IMAGE')}{' '}
              <span className="font-normal text-muted-foreground">{t('FORM.OPTIONAL')}</span>
            </span>
            {previewUrl ? (
              <img
                src={previewUrl}
                alt={t('FORM.PREVIEW')}
                className="aspect-[2/1] w-full rounded-md border bg-muted object-cover"
              />
            ) : null}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
              <FormControl>
                <input
                  id={`${ids}-image`}
                  type="file"
                  accept={ANNOUNCEMENT_IMAGE_TYPES.join(',')}
                  className="peer sr-only"
                  aria-labelledby={`${ids}-image-label ${ids}-image-button`}
                  disabled={pending}
                  onChange={(event) => {
                    chooseImage(event.target.files?.[0] ?? null);
                    // The choice lives in the form; an emptied input lets the same file be picked
                    // again after Remove.
                    event.target.value = '';
                  }}
                />
              </FormControl>
              <label
                id={`${ids}-image-button`}
                htmlFor={`${ids}-image`}
                className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-input bg-card px-3 text-[13px] font-medium whitespace-nowrap shadow-xs transition-colors peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/40 peer-disabled:cursor-not-allowed peer-disabled:opacity-50 hover:bg-accent"
              >
                {previewUrl ? (
                  <ImagePlusIcon aria-hidden="true" className="size-4" />
                ) : (
                  <ImageIcon aria-hidden="true" className="size-4" />
                )}
                {previewUrl ? t('FORM.REPLACE_IMAGE') : t('FORM.CHOOSE_IMAGE')}
              </label>
              {picked ? (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => chooseImage(null)}
                  disabled={pending}
                >
                  <XIcon aria-hidden="true" />
                  {editing?.imageUrl ? t('FORM.KEEP_IMAGE') : t('FORM.REMOVE_IMAGE')}
                </Button>
              ) : null}
              <FormDescription className="min-w-0 basis-full truncate">
                {picked ? picked.file.name : t('FORM.IMAGE_HINT')}
              </FormDescription>
            </div>
            <FormMessage />
          </FormItem>
        )}
      />
      {pending && progress !== undefined ? (
        <div
          role="progressbar"
          aria-label={t('FORM.UPLOADING')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-1.5 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
            {t('COMMON.CANCEL')}
          </Button>
        ) : null}
        <Permitted permission="announcements.write">
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? <Spinner /> : null}
            {editing ? t('FORM.SAVE') : t('FORM.ADD')}
          </Button>
        </Permitted>
      </div>
    </form>
  );
}
