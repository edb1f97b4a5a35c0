import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon } from 'lucide-react';
import type { Group } from '@contracts/upstream/upstream';
import { DialogSubmitFooter } from '@/components/dialog-submit-footer';
import { TextField } from '@/components/form-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { errorLines } from '@/lib/api/api-client';
import { placeFieldErrors } from '@/lib/api/field-errors';
import { toast } from '@/lib/toast';
import { runtimeKey } from '@/lib/i18n';
import { useSaveGroup } from '../api/save-group';
import {
  createGroupSchema,
  editGroupSchema,
  GROUP_IMAGE_ACCEPT,
  type GroupFormInput,
} from '../schemas';
import { ImageField } from './form-fields';

export interface GroupFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The group to edit; none creates one. */
  group?: Group | undefined;
}

/** The first message among the form's errors, in field order (the form toasts it). */
function firstError(errors: FieldErrors<GroupFormInput>): string | undefined {
  return errors.name?.message ?? errors.image?.message;
}

/**
 * New Group (name and image required) and Edit (name required, image optional). A failure keeps
 * the dialog and what was typed, and says why.
 */
export function GroupFormDialog({ open, onOpenChange, group }: GroupFormDialogProps) {
  const { t } = useTranslation('groups');
  const editing = group !== undefined;
  const save = useSaveGroup();
  const [failure, setFailure] = useState<string[] | null>(null);
  const form = useForm<GroupFormInput>({
    resolver: zodResolver(editing ? editGroupSchema : createGroupSchema),
    defaultValues: { name: group?.name ?? '', image: null },
  });

  const close = (next: boolean) => {
    if (save.isPending) return;
    onOpenChange(next);
  };

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await save.mutateAsync({ id: group?.id, name: values.name.trim(), image: values.image });
      } catch (error) {
        const placed = placeFieldErrors(error, form.setError, ['name', 'image']);
        const lines = errorLines(error, t);
        // A reason shown under its field is not repeated above the form.
        setFailure(placed ? null : lines);
        // A failed update toasts 'Something went wrong' (spelling fixed).
        toast.error(editing ? t('MESSAGES.SOMETHING_WENT_WRONG') : lines);
        return;
      }
      toast.success(t(editing ? 'MESSAGES.GROUP_UPDATED' : 'MESSAGES.GROUP_CREATED'));
      onOpenChange(false);
    },
    (errors) => {
      const message = firstError(errors);
      if (message) toast.error(t(runtimeKey<'groups'>(message)));
    },
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        closeLabel={t('COMMON.CLOSE')}
        aria-busy={save.isPending}
        data-testid="group-form-dialog"
      >
        <DialogHeader>
          <DialogTitle>{editing ? t('EDIT_TITLE') : t('NEW_GROUP')}</DialogTitle>
          <DialogDescription>
            {editing ? t('EDIT_DESCRIPTION') : t('NEW_DESCRIPTION')}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-5" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            form={form}
            name="name"
            label={t('GROUP_NAME')}
            placeholder={t('GROUP_NAME_PLACEHOLDER')}
            disabled={save.isPending}
          />
          <ImageField
            form={form}
            name="image"
            label={editing ? t('IMAGE_OPTIONAL') : t('IMAGE')}
            accept={GROUP_IMAGE_ACCEPT}
            currentUrl={group?.image?.original_url}
            disabled={save.isPending}
          />
          {failure ? (
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertDescription>
                {failure.map((line, at) => (
                  <p key={at}>{line}</p>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogSubmitFooter type="submit" pending={save.isPending}>
            {editing ? t('COMMON.SAVE') : t('CREATE')}
          </DialogSubmitFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
