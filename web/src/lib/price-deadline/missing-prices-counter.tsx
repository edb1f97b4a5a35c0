import { useEffect } from 'react';
import { useMissingPrices } from './use-missing-prices';

/**
 * Tells `onCount` how many price rows are missing for tomorrow, live (undefined while unknown).
 * Renders nothing: the shell loads it on its own once the admin's database session is there,
 * as it does the count of open change requests.
 */
export default function MissingPricesCounter({
  onCount,
}: {
  onCount: (count: number | undefined) => void;
}) {
  const { missing } = useMissingPrices();
  const count = missing.status === 'ready' ? missing.value.rows.length : undefined;
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
