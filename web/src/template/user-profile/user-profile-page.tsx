import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { usePageMeta } from '@/components/page-meta';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useServices } from '@/lib/services';
import { Messages } from './components/messages';
import { ProfileDetails, ProfileSummary } from './components/profile';
import { DEMO_MESSAGES, DEMO_USER } from './demo-user';

const NS = 'user-profile';
type Tab = 'profile' | 'messages';

/**
 * /user-profile: My Profile and My Messages on the template's demo user.
 * `?tab=messages` opens My Messages, so a link can lead straight to it.
 */
export function UserProfilePage() {
  const { t } = useTranslation(NS);
  const { now } = useServices();
  const search = useSearch();
  const [path, navigate] = useLocation();
  const tab: Tab = new URLSearchParams(search).get('tab') === 'messages' ? 'messages' : 'profile';
  const [read, setRead] = useState<ReadonlySet<string>>(() => new Set());
  const [open, setOpen] = useState<string | null>(null);
  usePageMeta({
    title: t('PAGES.USER_PROFILE'),
    breadcrumbs: [
      { label: t('PAGES.USER_PROFILE'), href: '/user-profile' },
      { label: tab === 'messages' ? t('TABS.MESSAGES') : t('TABS.PROFILE') },
    ],
  });
  const unread = DEMO_MESSAGES.filter((message) => message.unread && !read.has(message.id)).length;
  const openMessage = (id: string | null) => {
    setOpen(id);
    if (id) setRead((current) => (current.has(id) ? current : new Set(current).add(id)));
  };

  return (
    <div className="@container">
      <div className="grid items-start gap-5 @4xl:grid-cols-[20rem_1fr]">
        <div className="@4xl:sticky @4xl:top-20">
          <ProfileSummary user={DEMO_USER} />
        </div>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            navigate(value === 'messages' ? `${path}?tab=messages` : path, { replace: true })
          }
          className="flex min-w-0 flex-col gap-5"
        >
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="profile" className="px-4">
              {t('TABS.PROFILE')}
            </TabsTrigger>
            <TabsTrigger value="messages" className="px-4">
              {t('TABS.MESSAGES')}
              {unread > 0 ? (
                <Badge className="h-5 min-w-5 rounded-full px-1.5 text-[11px]" aria-hidden="true">
                  {unread}
                </Badge>
              ) : null}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <ProfileDetails user={DEMO_USER} />
          </TabsContent>
          <TabsContent value="messages">
            <Messages
              messages={DEMO_MESSAGES}
              read={read}
              open={open}
              onOpenChange={openMessage}
              now={now()}
            />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}
