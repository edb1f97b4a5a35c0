import { useEffect } from 'react';
import { useOpenRequestCount } from './use-changes';

/**
 * Tells `onCount` how many change requests wait for a decision, live (undefined while unknown).
 * Renders nothing: the shell loads it on its own, once the admin's database session is there,
 * so the requests' code and schemas stay out of the shell's first load.
 */
export default function OpenRequestsCounter({
  onCount,
}: {
  onCount: (count: number | undefined) => void;
}) {
  const count = useOpenRequestCount();
  useEffect(() => onCount(count), [count, onCount]);
  return null;
}
