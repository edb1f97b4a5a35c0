import { Avatar, AvatarFallback, AvatarImage, initials } from '@/components/ui/avatar';

/** A user's picture, or their initials when there is none (or it fails to load). */
export function UserAvatar({ name, image }: { name: string; image: string }) {
  return (
    <Avatar className="size-9">
      {image ? <AvatarImage src={image} alt="" loading="lazy" decoding="async" /> : null}
      <AvatarFallback aria-hidden="true" className="text-xs">
        {initials(name) || '?'}
      </AvatarFallback>
    </Avatar>
  );
}
