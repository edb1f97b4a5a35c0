import type { ComponentProps } from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { ownFile } from '@/lib/api/own-file';
import { cn } from '@/lib/utils';

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  );
}

/** A picture on a host the app may not load from is left out: the fallback (initials) shows. */
export function AvatarImage({
  className,
  src,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Image>) {
  const own = ownFile(src);
  if (own === null) return null;
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn('aspect-square size-full object-cover', className)}
      src={own}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-primary/12 text-sm font-semibold text-primary',
        className,
      )}
      {...props}
    />
  );
}

/** Up to two initials of a name, for avatar fallbacks. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : [parts[0]];
  return letters
    .map((part) => (part ? Array.from(part)[0] : ''))
    .join('')
    .toUpperCase();
}
