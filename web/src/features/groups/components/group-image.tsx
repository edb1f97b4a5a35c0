import type { Group } from '@contracts/upstream/upstream';
import { initials } from '@/components/ui/avatar';
import { ownFile } from '@/lib/api/own-file';
import { cn } from '@/lib/utils';

/**
 * The group's picture, or its initials on a tint when it has none (or it lies on a host the app
 * may not load from). Decorative: the name is beside it.
 */
export function GroupImage({
  group,
  className,
}: {
  group: Pick<Group, 'name' | 'image'>;
  className?: string;
}) {
  const url = ownFile(group.image?.original_url);
  if (url) {
    return (
      <img
        src={url}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn('shrink-0 bg-muted object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-content-center bg-primary/12 font-semibold text-primary',
        className,
      )}
    >
      {initials(group.name)}
    </span>
  );
}
