import { CircleAlertIcon, CircleCheckIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** The form's status line: why a submit failed, or that it worked. */
export function FormStatus({
  lines,
  variant = 'destructive',
}: {
  lines: readonly string[] | null;
  variant?: 'destructive' | 'success';
}) {
  if (!lines || lines.length === 0) return null;
  const Icon = variant === 'success' ? CircleCheckIcon : CircleAlertIcon;
  return (
    <Alert variant={variant} data-testid="form-status">
      <Icon aria-hidden="true" />
      <AlertDescription>
        {lines.map((line, at) => (
          <p key={at}>{line}</p>
        ))}
      </AlertDescription>
    </Alert>
  );
}
