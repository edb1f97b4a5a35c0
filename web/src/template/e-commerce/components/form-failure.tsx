import { CircleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';

/** Why a save or a load failed, above the form it concerns. */
export function FormFailure({ lines }: { lines: readonly string[] | null }) {
  if (!lines || lines.length === 0) return null;
  return (
    <Alert variant="destructive">
      <CircleAlertIcon aria-hidden="true" />
      <AlertDescription>
        {lines.map((line, at) => (
          <p key={at}>{line}</p>
        ))}
      </AlertDescription>
    </Alert>
  );
}
