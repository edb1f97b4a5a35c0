import { Avatar, AvatarFallback, AvatarImage, initials } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

/**
 * A user's picture, or their initials when there is none (or it fails to load), in that user's
 * own colour when `userId` is given.
 */
export function UserAvatar({
  name,
  image,
  userId,
  className,
}: {
  name: string;
  image: string;
  userId?: number | string;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-9', className)}>
      {image ? <AvatarImage src={image} alt="" loading="lazy" decoding="async" /> : null}
      <AvatarFallback aria-hidden="true" className="text-xs" userId={userId}>
        {initials(name) || '?'}
      </AvatarFallback>
    </Avatar>
  );
}
