import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ChevronRightIcon, LogOutIcon, MailIcon, UserRoundIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Avatar, AvatarFallback, AvatarImage, initials } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { useServices, useSession } from '@/lib/services';

const LINKS = [
  {
    key: 'USER_PANEL.MY_PROFILE',
    hint: 'USER_PANEL.MY_PROFILE_HINT',
    icon: UserRoundIcon,
    href: '/user-profile',
  },
  {
    key: 'USER_PANEL.MY_MESSAGES',
    hint: 'USER_PANEL.MY_MESSAGES_HINT',
    icon: MailIcon,
    href: '/user-profile?tab=messages',
  },
] as const;

/** The right user panel: who is signed in, Sign out (here, or on every browser), My Profile, My Messages. */
export function UserPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { signOut, storage, logger, leaveGuard, firebase, api } = useServices();
  const session = useSession();
  const [leaving, setLeaving] = useState(false);
  /** Chat messages still waiting to be sent, which sign-out would discard: asked about first. */
  const [waiting, setWaiting] = useState(0);
  const [everywhere, setEverywhere] = useState(false);
  const user = session?.user;

  const askToSignOut = async () => {
    // A screen holding unsaved work (the price desk) asks first, as leaving it by a link would.
    if (!leaveGuard.confirmLeaving()) return;
    setLeaving(true);
    const count = user
      ? await import('@/features/chat/outbox').then(
          (outbox) => outbox.waitingCount(storage, String(user.id), logger),
          () => 0,
        )
      : 0;
    if (count === 0) {
      await signOut();
      return;
    }
    setLeaving(false);
    setWaiting(count);
  };
  const endEverywhere = async () => {
    if (!user) return;
    const { endEverySession } = await import('@/lib/firebase/session');
    await endEverySession(firebase, api, String(user.id));
    await signOut();
  };
  const image = user?.image?.original_url;
  return (
    <>
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetContent side="right" closeLabel={t('COMMON.CLOSE')} data-testid="user-panel">
          <SheetHeader>
            <SheetTitle>{t('USER_PANEL.TITLE')}</SheetTitle>
            <SheetDescription className="sr-only">{t('USER_PANEL.DESCRIPTION')}</SheetDescription>
          </SheetHeader>
          <div className="flex flex-1 flex-col gap-6 overflow-y-auto p-5">
            <div className="flex items-center gap-4">
              <Avatar className="size-16 rounded-xl">
                {image ? <AvatarImage src={image} alt="" /> : null}
                <AvatarFallback className="rounded-xl text-lg">
                  {initials(user?.name ?? '')}
                </AvatarFallback>
              </Avatar>
              <div className="min-w-0 space-y-1">
                <p className="truncate text-base font-semibold">{user?.name}</p>
                <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
                {user?.role[0] ? (
                  <Badge variant="secondary" className="capitalize">
                    {user.role[0]}
                  </Badge>
                ) : null}
              </div>
            </div>
            <Button
              variant="outline"
              className="w-full"
              disabled={leaving}
              aria-busy={leaving}
              onClick={() => void askToSignOut()}
              data-testid="sign-out"
            >
              {leaving ? <Spinner /> : <LogOutIcon aria-hidden="true" />}
              {t('USER_PANEL.SIGN_OUT')}
            </Button>
            <Button
              variant="ghost"
              className="-mt-4 w-full text-muted-foreground"
              disabled={leaving}
              onClick={() => setEverywhere(true)}
              data-testid="sign-out-everywhere"
            >
              {t('USER_PANEL.SIGN_OUT_EVERYWHERE')}
            </Button>
            <nav aria-label={t('USER_PANEL.TITLE')}>
              <ul className="-mx-2 flex flex-col gap-1">
                {LINKS.map(({ key, hint, icon: Icon, href }) => (
                  <li key={key}>
                    <Link
                      href={href}
                      onClick={() => onOpenChange(false)}
                      className="flex items-center gap-3 rounded-lg p-2 transition-colors outline-none hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40"
                    >
                      <span className="grid size-10 shrink-0 place-content-center rounded-lg bg-primary/10 text-primary">
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm font-medium">{t(key)}</span>
                        <span className="block truncate text-xs text-muted-foreground">
                          {t(hint)}
                        </span>
                      </span>
                      <ChevronRightIcon
                        aria-hidden="true"
                        className="size-4 text-muted-foreground"
                      />
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </SheetContent>
      </Sheet>
      <ConfirmDialog
        open={waiting > 0}
        onOpenChange={(next) => {
          if (!next) setWaiting(0);
        }}
        title={t('USER_PANEL.WAITING_TITLE')}
        description={t('USER_PANEL.WAITING_DESCRIPTION', { value: waiting })}
        confirmLabel={t('USER_PANEL.SIGN_OUT_ANYWAY')}
        cancelLabel={t('USER_PANEL.STAY')}
        variant="destructive"
        onConfirm={signOut}
        testId="sign-out-waiting-dialog"
      />
      <ConfirmDialog
        open={everywhere}
        onOpenChange={setEverywhere}
        title={t('USER_PANEL.EVERYWHERE_TITLE')}
        description={t('USER_PANEL.EVERYWHERE_DESCRIPTION')}
        confirmLabel={t('USER_PANEL.SIGN_OUT_EVERYWHERE')}
        cancelLabel={t('USER_PANEL.STAY')}
        variant="destructive"
        onConfirm={endEverywhere}
        testId="sign-out-everywhere-dialog"
      />
    </>
  );
}
