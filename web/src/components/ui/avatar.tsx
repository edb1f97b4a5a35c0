import type { ComponentProps, CSSProperties } from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { ownFile } from '@/lib/api/own-file';
import { userColour, type UserColour } from '@/lib/user-colour';
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

/** The colours of a user's initials, as variables the fallback's classes read per theme. */
function colourStyle({ light, dark }: UserColour): CSSProperties {
  return {
    '--avatar-bg': light.background,
    '--avatar-fg': light.text,
    '--avatar-bg-dark': dark.background,
    '--avatar-fg-dark': dark.text,
  } as CSSProperties;
}

/**
 * Initials in a circle. With `userId` (an app user's id) the circle takes that user's own colour,
 * so people tell users apart at a glance; without it (admins, the template's samples) the theme's.
 */
export function AvatarFallback({
  className,
  style,
  userId,
  ...props
}: ComponentProps<typeof AvatarPrimitive.Fallback> & { userId?: string | number }) {
  const colour = userId === undefined ? undefined : userColour(userId);
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      data-user-colour={colour?.name}
      className={cn(
        'flex size-full items-center justify-center rounded-full text-sm font-semibold',
        colour
          ? 'bg-(--avatar-bg) text-(--avatar-fg) dark:bg-(--avatar-bg-dark) dark:text-(--avatar-fg-dark)'
          : 'bg-primary/12 text-primary',
        className,
      )}
      style={colour ? { ...colourStyle(colour), ...style } : style}
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
