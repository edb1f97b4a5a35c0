import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from 'lucide-react';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { formatTimeAgo } from '@/lib/time';
import { cn } from '@/lib/utils';
import type { DemoMessage } from '../demo-user';

const NS = 'user-profile';
const MINUTE = 60_000;

/** My Messages: the demo user's sample inbox; opening a message marks it read. */
export function Messages({
  messages,
  read,
  open,
  onOpenChange,
  now,
}: {
  messages: readonly DemoMessage[];
  read: ReadonlySet<string>;
  open: string | null;
  onOpenChange: (id: string | null) => void;
  now: number;
}) {
  const { t } = useTranslation(NS);
  const unread = messages.filter((message) => message.unread && !read.has(message.id)).length;
  return (
    <Card className="gap-4" data-testid="profile-messages">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-base leading-tight font-semibold">
          {t('INBOX.TITLE')}
          {unread > 0 ? <Badge>{t('INBOX.UNREAD', { value: unread })}</Badge> : null}
        </h2>
        <CardDescription className="text-[13px]">{t('INBOX.HINT')}</CardDescription>
      </CardHeader>
      <CardContent className="px-0">
        <ul className="divide-y border-t">
          {messages.map((message) => {
            const isOpen = open === message.id;
            const isNew = message.unread && !read.has(message.id);
            return (
              <li key={message.id}>
                <Collapsible
                  open={isOpen}
                  onOpenChange={(next) => onOpenChange(next ? message.id : null)}
                >
                  <CollapsibleTrigger
                    className={cn(
                      'flex w-full cursor-pointer items-start gap-3.5 px-5 py-3.5 text-left transition-colors outline-none hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset',
                      isOpen && 'bg-muted/40',
                    )}
                    data-testid={`message-${message.id}`}
                  >
                    <Avatar className="size-10">
                      <AvatarFallback>{initials(message.from)}</AvatarFallback>
                    </Avatar>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-2">
                        <span
                          className={cn(
                            'truncate text-sm',
                            isNew ? 'font-semibold' : 'font-medium',
                          )}
                        >
                          {message.from}
                        </span>
                        {isNew ? (
                          <Badge variant="default" className="h-5 px-1.5 text-[11px]">
                            {t('INBOX.NEW')}
                          </Badge>
                        ) : null}
                        <span className="ml-auto shrink-0 text-xs text-muted-foreground">
                          {formatTimeAgo(now - message.minutesAgo * MINUTE, now, t)}
                        </span>
                      </span>
                      <span
                        className={cn(
                          'block truncate text-sm',
                          isNew ? 'text-foreground' : 'text-muted-foreground',
                        )}
                      >
                        {t(`INBOX.${message.key}_SUBJECT`)}
                      </span>
                    </span>
                    <ChevronDownIcon
                      aria-hidden="true"
                      className={cn(
                        'mt-3 size-4 shrink-0 text-muted-foreground transition-transform',
                        isOpen && 'rotate-180',
                      )}
                    />
                  </CollapsibleTrigger>
                  <CollapsibleContent>
                    <div
                      className="px-5 pt-1 pb-4 pl-[4.75rem]"
                      data-testid={`message-${message.id}-body`}
                    >
                      <p className="mb-1 text-xs text-muted-foreground">
                        {t('INBOX.FROM', { name: message.from })}
                      </p>
                      <p className="text-sm leading-relaxed">{t(`INBOX.${message.key}_BODY`)}</p>
                    </div>
                  </CollapsibleContent>
                </Collapsible>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
