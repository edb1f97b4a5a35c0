import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useWatch,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { ImageIcon, UploadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  useFormField,
} from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { ownFile } from '@/lib/api/own-file';

/** A multi-line text field with the same label, valid/invalid styling and message as TextField. */
export function TextAreaField<T extends FieldValues>({
  form,
  name,
  label,
  rows = 4,
  maxLength,
  disabled,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  rows?: number;
  maxLength?: number;
  disabled?: boolean;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea
              {...field}
              rows={rows}
              maxLength={maxLength}
              disabled={disabled}
              className="field-sizing-fixed resize-y"
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * A blob: URL to preview a picked file: made when the file is picked, revoked when another is
 * picked or the field goes away.
 */
function usePreviewUrl() {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
      current.current = null;
    },
    [],
  );
  const show = (file: File | null) => {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : null;
    setUrl(current.current);
  };
  return [url, show] as const;
}

interface ImageFieldProps<T extends FieldValues> {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  accept: string;
  currentUrl?: string | undefined;
  disabled?: boolean;
}

/**
 * Picks one image (png/jpeg) with a preview: the picked file, else the current image (edit).
 * The file lives in the form as a `File | null` value.
 */
export function ImageField<T extends FieldValues>({
  form,
  name,
  label,
  accept,
  currentUrl,
  disabled,
}: ImageFieldProps<T>) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={() => (
        <ImagePicker
          form={form}
          name={name}
          label={label}
          accept={accept}
          currentUrl={currentUrl}
          disabled={disabled}
        />
      )}
    />
  );
}

/** The picker inside its FormField, where the field's state is at hand. */
function ImagePicker<T extends FieldValues>({
  form,
  name,
  label,
  accept,
  currentUrl,
  disabled,
}: ImageFieldProps<T>) {
  const { t } = useTranslation('groups');
  const input = useRef<HTMLInputElement>(null);
  const picked = useWatch({ control: form.control, name }) as unknown;
  const file = picked instanceof File ? picked : null;
  const [pickedUrl, showPicked] = usePreviewUrl();
  // A current image on a host the app may not load from shows as none.
  const previewUrl = ownFile((file ? pickedUrl : null) ?? currentUrl);
  const { error, valid } = useFormField();

  const choose = (next: File | null) => {
    showPicked(next);
    form.setValue(name, next as PathValue<T, Path<T>>, {
      shouldValidate: true,
      shouldTouch: true,
      shouldDirty: true,
    });
  };

  return (
    <FormItem>
      <FormLabel>{label}</FormLabel>
      <div
        className={cn(
          'flex items-center gap-4 rounded-lg border border-dashed border-input p-3',
          error && 'border-destructive',
          valid && file && 'border-success',
        )}
      >
        <div className="grid size-16 shrink-0 place-content-center overflow-hidden rounded-lg bg-muted text-muted-foreground">
          {previewUrl ? (
            <img src={previewUrl} alt={t('IMAGE_PREVIEW')} className="size-16 object-cover" />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <p className="truncate text-sm" data-testid="image-file-name">
            {file ? file.name : currentUrl ? t('IMAGE_KEEP') : t('IMAGE_NONE')}
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => input.current?.click()}
          >
            <UploadIcon aria-hidden="true" />
            {file || currentUrl ? t('IMAGE_CHANGE') : t('IMAGE_CHOOSE')}
          </Button>
        </div>
        <FormControl>
          <input
            ref={input}
            type="file"
            accept={accept}
            className="sr-only"
            tabIndex={-1}
            disabled={disabled}
            onChange={(event) => {
              choose(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
        </FormControl>
      </div>
      <FormMessage />
    </FormItem>
  );
}
