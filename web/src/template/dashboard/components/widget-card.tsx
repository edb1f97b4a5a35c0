import { useId, type ReactNode } from 'react';
import { Card, CardAction, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { WidgetMenu, type MenuKind } from './menus';

/** One dashboard widget: a titled card (an h2 for heading navigation), an optional menu. */
export function WidgetCard({
  id,
  title,
  description,
  menu,
  action,
  children,
  className,
  contentClassName,
}: {
  /** Names the widget for tests and styles: `widget-<id>`. */
  id: string;
  title: string;
  description?: string;
  menu?: MenuKind;
  /** Something other than a menu at the top right (e.g. tabs). */
  action?: ReactNode;
  children: ReactNode;
  className?: string;
  contentClassName?: string;
}) {
  const headingId = useId();
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      data-testid={`widget-${id}`}
      className={cn('h-full gap-4', className)}
    >
      <CardHeader>
        <h2 id={headingId} className="text-base leading-tight font-semibold">
          {title}
        </h2>
        {description ? (
          <CardDescription className="text-[13px]">{description}</CardDescription>
        ) : null}
        {menu || action ? (
          <CardAction>
            {action ?? (menu ? <WidgetMenu kind={menu} widget={title} /> : null)}
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent className={cn('@container flex-1', contentClassName)}>{children}</CardContent>
    </Card>
  );
}
