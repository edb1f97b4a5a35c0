import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon, SendHorizontalIcon } from 'lucide-react';
import { usePageMeta } from '@/components/page-meta';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * `/chatsbar`: the template's static demo chat. Its sample conversation IS the screen (the one
 * place where sample data is the feature); what is typed stays on this page.
 */
const CONTACTS = [
  { name: 'Matt Pears', role: 'CONTACT_ROLE_1', online: true },
  { name: 'Charlie Stone', role: 'CONTACT_ROLE_2', online: true },
  { name: 'Teresa Fox', role: 'CONTACT_ROLE_3', online: false },
  { name: 'Giannis Nelson', role: 'CONTACT_ROLE_4', online: false },
] as const;

const SAMPLE = [
  { from: 0, text: 'SAMPLE_1', time: '2:30 PM' },
  { from: -1, text: 'SAMPLE_2', time: '2:32 PM' },
  { from: 0, text: 'SAMPLE_3', time: '2:34 PM' },
  { from: -1, text: 'SAMPLE_4', time: '2:35 PM' },
  { from: 0, text: 'SAMPLE_5', time: '2:37 PM' },
  { from: -1, text: 'SAMPLE_6', time: '2:38 PM' },
] as const;

interface DemoMessage {
  mine: boolean;
  text: string;
  time: string;
}

export function ChatsbarPage() {
  const { t } = useTranslation('chat');
  usePageMeta({ title: t('PAGES.CHATSBAR') });
  const [active, setActive] = useState(0);
  const [typed, setTyped] = useState<DemoMessage[]>([]);
  const [text, setText] = useState('');
  const contact = CONTACTS[active] ?? CONTACTS[0];
  const messages: DemoMessage[] = [
    ...SAMPLE.map((m) => ({ mine: m.from < 0, text: t(`DEMO.${m.text}`), time: m.time })),
    ...typed,
  ];

  const send = () => {
    if (text.trim() === '') return;
    setTyped((list) => [...list, { mine: true, text: text.trim(), time: t('DEMO.JUST_NOW') }]);
    setText('');
  };

  return (
    <Card
      className="gap-0 overflow-hidden py-0 lg:grid lg:grid-cols-[18rem_1fr]"
      data-testid="chatsbar"
    >
      <aside className="border-b lg:border-r lg:border-b-0" aria-label={t('DEMO.CONTACTS')}>
        <p className="px-5 pt-4 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t('DEMO.CONTACTS')}
        </p>
        {/* Every contact in sight on a phone too: two to a row, four beside each other on a tablet. */}
        <ul className="grid grid-cols-2 gap-1 px-2 pb-3 md:grid-cols-4 lg:flex lg:flex-col">
          {CONTACTS.map((person, index) => (
            <li key={person.name} className="min-w-0">
              <button
                type="button"
                onClick={() => setActive(index)}
                aria-current={index === active ? 'true' : undefined}
                className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-left hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none aria-[current=true]:bg-accent"
              >
                <span className="relative shrink-0">
                  <Avatar className="size-9">
                    {/* The sample contacts have no id: the name stands in for one. */}
                    <AvatarFallback className="text-xs" userId={person.name}>
                      {initials(person.name)}
                    </AvatarFallback>
                  </Avatar>
                  <span
                    className={cn(
                      'absolute right-0 bottom-0 size-2.5 rounded-full ring-2 ring-card',
                      person.online ? 'bg-success' : 'bg-muted-foreground/40',
                    )}
                  />
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium">{person.name}</span>
                  <span className="block truncate text-xs text-muted-foreground">
                    {t(`DEMO.${person.role}`)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </aside>
      <section className="flex min-h-[32rem] flex-col" aria-label={contact.name}>
        <header className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b px-5 py-3">
          <div>
            <h2 className="font-semibold">{contact.name}</h2>
            <p className="text-xs text-muted-foreground">
              {contact.online ? t('DEMO.ONLINE') : t('DEMO.OFFLINE')}
            </p>
          </div>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <InfoIcon aria-hidden="true" className="size-3.5" />
            {t('DEMO.NOTE')}
          </p>
        </header>
        <ol className="flex-1 space-y-4 overflow-y-auto p-5" aria-label={t('DEMO.CONVERSATION')}>
          {messages.map((message, index) => (
            <li
              key={index}
              className={cn('flex items-end gap-2.5', message.mine && 'flex-row-reverse')}
            >
              <Avatar className="size-8">
                {/* The admin's own avatar keeps the theme's colour, as admins' do everywhere. */}
                <AvatarFallback
                  className="text-[11px]"
                  userId={message.mine ? undefined : contact.name}
                >
                  {initials(message.mine ? t('DEMO.YOU') : contact.name)}
                </AvatarFallback>
              </Avatar>
              <div className={cn('max-w-[75%] space-y-1', message.mine && 'text-right')}>
                <p
                  className={cn(
                    'rounded-2xl px-3.5 py-2 text-left text-sm leading-relaxed',
                    message.mine
                      ? 'rounded-br-sm bg-primary text-primary-foreground'
                      : 'rounded-bl-sm bg-muted',
                  )}
                >
                  {message.text}
                </p>
                <p className="text-xs text-muted-foreground">{message.time}</p>
              </div>
            </li>
          ))}
        </ol>
        <form
          className="flex items-center gap-2 border-t p-3"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <input
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('PLACEHOLDER')}
            aria-label={t('MESSAGE')}
            className="h-10 flex-1 rounded-full border border-input bg-background px-4 text-sm outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/25"
          />
          <Button type="submit" size="icon" className="rounded-full" aria-label={t('SEND')}>
            <SendHorizontalIcon aria-hidden="true" />
          </Button>
        </form>
      </section>
    </Card>
  );
}
