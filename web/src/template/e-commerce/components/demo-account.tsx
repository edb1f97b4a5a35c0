import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CircleAlertIcon, LogOutIcon, UserRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Spinner } from '@/components/ui/spinner';
import { DEMO_ROLES, type DemoUser } from '../schemas';
import { demoRoleLabel } from './labels';

export type DemoRole = keyof typeof DEMO_ROLES;
export const DEMO_ROLE_NAMES: readonly DemoRole[] = ['admin', 'user', 'guest'];
const ROLE_LABELS: Record<DemoRole, ParseKeys<'e-commerce'>> = {
  admin: 'DEMO.ROLE_ADMIN',
  user: 'DEMO.ROLE_USER',
  guest: 'DEMO.ROLE_GUEST',
};

export interface DemoSessionControls {
  user: DemoUser | undefined;
  /** The role being signed in, while the mock auth answers. */
  pending: DemoRole | null;
  failed: boolean;
  signIn: (role: DemoRole) => void;
  signOut: () => void;
}

/** Who uses the demo shop: one of the template's demo users, switched here. */
export function DemoAccountMenu({ user, pending, signIn, signOut }: DemoSessionControls) {
  const { t } = useTranslation('e-commerce');
  const current = user ? DEMO_ROLE_NAMES.find((role) => DEMO_ROLES[role] === user.roles[0]) : null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          className="h-11 justify-start gap-2.5 self-start px-2.5 sm:self-auto"
          aria-busy={pending !== null}
          data-testid="demo-account"
        >
          {pending ? (
            <Spinner />
          ) : (
            <Avatar className="size-7">
              <AvatarFallback className="text-xs">
                {user ? initials(user.fullname) : <UserRoundIcon aria-hidden="true" />}
              </AvatarFallback>
            </Avatar>
          )}
          <span className="grid text-left leading-tight">
            <span className="text-[11px] font-normal text-muted-foreground">
              {t('DEMO.ACCOUNT')}
            </span>
            <span className="text-[13px]">
              {pending
                ? t('DEMO.SIGNING_IN')
                : user
                  ? `${user.fullname} · ${t(demoRoleLabel(user))}`
                  : t('DEMO.SIGNED_OUT')}
            </span>
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        {user ? (
          <DropdownMenuLabel className="grid gap-0.5">
            <span className="text-sm text-foreground">{user.fullname}</span>
            <span className="font-normal">{user.email}</span>
          </DropdownMenuLabel>
        ) : null}
        {DEMO_ROLE_NAMES.filter((role) => role !== current).map((role) => (
          <DropdownMenuItem key={role} disabled={pending !== null} onSelect={() => signIn(role)}>
            <UserRoundIcon aria-hidden="true" />
            {t('DEMO.SIGN_IN_AS', { role: t(ROLE_LABELS[role]) })}
          </DropdownMenuItem>
        ))}
        {user ? (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={signOut}>
              <LogOutIcon aria-hidden="true" />
              {t('DEMO.SIGN_OUT')}
            </DropdownMenuItem>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** The shop without a demo session: its endpoints answer 401, so it asks for an account. */
export function DemoSignIn({ pending, failed, signIn }: DemoSessionControls) {
  const { t } = useTranslation('e-commerce');
  return (
    <EmptyState
      icon={<UserRoundIcon aria-hidden="true" />}
      title={t('DEMO.SIGNED_OUT_TITLE')}
      description={t('DEMO.SIGNED_OUT_TEXT')}
      action={
        <div className="grid w-full max-w-sm gap-3">
          {failed ? (
            <Alert variant="destructive" className="text-left">
              <CircleAlertIcon aria-hidden="true" />
              <AlertDescription>{t('DEMO.SIGN_IN_FAILED')}</AlertDescription>
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-center gap-2">
            {DEMO_ROLE_NAMES.map((role) => (
              <Button
                key={role}
                variant={role === 'admin' ? 'default' : 'outline'}
                disabled={pending !== null}
                onClick={() => signIn(role)}
              >
                {pending === role ? <Spinner /> : null}
                {t('DEMO.SIGN_IN_AS', { role: t(ROLE_LABELS[role]) })}
              </Button>
            ))}
          </div>
        </div>
      }
    />
  );
}
