import { useWatch, type Path, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '@contracts/realtime';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { NotificationPreview } from './notification-preview';

export interface PushTexts {
  title: string;
  description: string;
}

/**
 * A push's title and text as every composer asks for them, held to what an alert carries, beside
 * the preview of how phones and browsers will show them. Read-only while the push is sent, so
 * what was typed stays in view and in reach of the keyboard.
 */
export function PushTextFields<T extends PushTexts>({
  form,
  labels,
  placeholders,
  pending,
}: {
  form: UseFormReturn<T>;
  labels: PushTexts;
  placeholders?: PushTexts;
  pending: boolean;
}) {
  const typed = useWatch({ control: form.control });
  return (
    <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_17rem]">
      <div className="grid content-start gap-5">
        <FormField
          control={form.control}
          name={'title' as Path<T>}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{labels.title}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  autoComplete="off"
                  maxLength={LIMITS.alertTitle}
                  placeholder={placeholders?.title}
                  readOnly={pending}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name={'description' as Path<T>}
          render={({ field }) => (
            <FormItem>
              <FormLabel>{labels.description}</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={4}
                  maxLength={LIMITS.alertDescription}
                  placeholder={placeholders?.description}
                  readOnly={pending}
                  className="max-h-64"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <NotificationPreview title={typed.title ?? ''} body={typed.description ?? ''} />
    </div>
  );
}
