import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { failureLines } from './failure';
import { FormFailure } from './form-failure';
import { OptionList } from './form-controls';

/**
 * Sets one status on the selected rows (customers, products; the type of remarks). Stays open
 * with the reason when the server refuses.
 */
export function BulkStatusDialog({
  open,
  onOpenChange,
  title,
  description,
  fieldLabel,
  options,
  onConfirm,
  confirmLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  fieldLabel: string;
  options: readonly { value: number; label: string }[];
  onConfirm: (status: number) => Promise<unknown>;
  /** Defaults to 'Update status'. */
  confirmLabel?: string;
}) {
  const { t } = useTranslation('e-commerce');
  const id = useId();
  const [status, setStatus] = useState(options[0]?.value ?? 0);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);

  const change = (next: boolean) => {
    if (pending) return;
    if (!next) setFailure(null);
    onOpenChange(next);
  };
  const confirm = async () => {
    setPending(true);
    setFailure(null);
    try {
      await onConfirm(status);
      setPending(false);
      onOpenChange(false);
    } catch (error) {
      setPending(false);
      setFailure(failureLines(error, t));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent closeLabel={t('COMMON.CLOSE')} aria-busy={pending}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <FormFailure lines={failure} />
        <div className="grid gap-2">
          <Label htmlFor={id}>{fieldLabel}</Label>
          <NativeSelect
            id={id}
            value={String(status)}
            onChange={(event) => setStatus(Number(event.target.value))}
            className="w-full [&_select]:h-10"
            disabled={pending}
          >
            <OptionList options={options} />
          </NativeSelect>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => change(false)} disabled={pending}>
            {t('COMMON.CANCEL')}
          </Button>
          <Button onClick={() => void confirm()} disabled={pending}>
            {pending ? <Spinner /> : null}
            {confirmLabel ?? t('SHOP.UPDATE_STATUS')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
