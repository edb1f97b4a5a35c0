import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CheckIcon,
  GlobeIcon,
  InfoIcon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  XIcon,
  type LucideIcon,
} from 'lucide-react';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import type { DemoUser } from '@/lib/demo-user';
import { LANGUAGES } from '@/lib/i18n';
import { cn } from '@/lib/utils';

const NS = 'user-profile';

function Section({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="gap-4" data-testid={testId}>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">{title}</h2>
        {hint ? <CardDescription className="text-[13px]">{hint}</CardDescription> : null}
      </CardHeader>
      <CardContent className="@container">{children}</CardContent>
    </Card>
  );
}

/** Label–value pairs in two columns from tablet width up. */
function Fields({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-x-8 gap-y-4 @lg:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-[13px] text-muted-foreground">{label}</dt>
          <dd className="text-sm font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function OnOff({ on }: { on: boolean }) {
  const { t } = useTranslation(NS);
  const Icon = on ? CheckIcon : XIcon;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-medium',
        on ? 'bg-success/12 text-success' : 'bg-muted text-muted-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {on ? t('COMMUNICATION.ON') : t('COMMUNICATION.OFF')}
    </span>
  );
}

function Toggles({ rows }: { rows: readonly (readonly [string, boolean])[] }) {
  return (
    <ul className="divide-y">
      {rows.map(([label, on]) => (
        <li
          key={label}
          className="flex items-center justify-between gap-4 py-2.5 first:pt-0 last:pb-0"
        >
          <span className="text-sm">{label}</span>
          <OnOff on={on} />
        </li>
      ))}
    </ul>
  );
}

function ContactLine({
  icon: Icon,
  label,
  value,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
}) {
  return (
    <li className="flex items-start gap-3">
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <span className="min-w-0">
        <span className="block text-xs text-muted-foreground">{label}</span>
        <span className="block text-sm break-words">{value}</span>
      </span>
    </li>
  );
}

export function ProfileSummary({ user }: { user: DemoUser }) {
  const { t } = useTranslation(NS);
  return (
    <Card className="gap-5 px-5" data-testid="profile-summary">
      <div className="flex items-center gap-4">
        <Avatar className="size-16 rounded-xl">
          <AvatarFallback className="rounded-xl text-lg">{initials(user.fullname)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold" data-testid="profile-fullname">
            {user.fullname}
          </p>
          <p className="truncate text-sm text-muted-foreground">
            {user.occupation} · {user.companyName}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1">
            {user.roles.map((role) => (
              <Badge key={role} variant="secondary">
                {t(`ACCOUNT.ROLE_${role}`)}
              </Badge>
            ))}
          </div>
        </div>
      </div>
      <Separator />
      <section aria-labelledby="profile-contact">
        <h2 id="profile-contact" className="mb-3 text-sm font-semibold">
          {t('SUMMARY.CONTACT')}
        </h2>
        <ul className="space-y-3">
          <ContactLine icon={MailIcon} label={t('SUMMARY.EMAIL')} value={user.email} />
          <ContactLine icon={PhoneIcon} label={t('SUMMARY.PHONE')} value={user.phone} />
          <ContactLine icon={GlobeIcon} label={t('SUMMARY.WEBSITE')} value={user.website} />
          <ContactLine
            icon={MapPinIcon}
            label={t('SUMMARY.LOCATION')}
            value={`${user.address.city}, ${user.address.state}`}
          />
        </ul>
      </section>
      <p className="flex gap-2 rounded-lg bg-muted/70 p-3 text-xs text-muted-foreground">
        <InfoIcon aria-hidden="true" className="size-4 shrink-0" />
        {t('SAMPLE_NOTE')}
      </p>
    </Card>
  );
}

/** My Profile: the demo user's fields, read only. Its password and tokens are never shown. */
export function ProfileDetails({ user }: { user: DemoUser }) {
  const { t } = useTranslation(NS);
  const language = LANGUAGES.find((entry) => entry.code === user.language)?.label ?? user.language;
  const activity = user.emailSettings.activityRelatesEmail;
  return (
    <div className="grid gap-5">
      <Section title={t('PERSONAL.TITLE')} hint={t('PERSONAL.HINT')} testId="profile-personal">
        <Fields
          rows={[
            [t('PERSONAL.FIRST_NAME'), user.firstname],
            [t('PERSONAL.LAST_NAME'), user.lastname],
            [t('PERSONAL.OCCUPATION'), user.occupation],
            [t('PERSONAL.COMPANY'), user.companyName],
            [t('PERSONAL.PHONE'), user.phone],
            [t('PERSONAL.EMAIL'), user.email],
            [t('PERSONAL.WEBSITE'), user.website],
          ]}
        />
      </Section>
      <Section title={t('ACCOUNT.TITLE')} hint={t('ACCOUNT.HINT')} testId="profile-account">
        <Fields
          rows={[
            [t('ACCOUNT.USERNAME'), user.username],
            [t('ACCOUNT.EMAIL'), user.email],
            [t('ACCOUNT.ROLES'), user.roles.map((role) => t(`ACCOUNT.ROLE_${role}`)).join(', ')],
            [t('ACCOUNT.LANGUAGE'), language],
            [t('ACCOUNT.TIME_ZONE'), user.timeZone],
          ]}
        />
      </Section>
      <Section title={t('ADDRESS.TITLE')} testId="profile-address">
        <Fields
          rows={[
            [t('ADDRESS.LINE'), user.address.addressLine],
            [t('ADDRESS.CITY'), user.address.city],
            [t('ADDRESS.STATE'), user.address.state],
            [t('ADDRESS.POST_CODE'), user.address.postCode],
          ]}
        />
      </Section>
      <div className="grid gap-5 @3xl:grid-cols-2">
        <Section
          title={t('COMMUNICATION.TITLE')}
          hint={t('COMMUNICATION.HINT')}
          testId="profile-communication"
        >
          <Toggles
            rows={[
              [t('COMMUNICATION.EMAIL'), user.communication.email],
              [t('COMMUNICATION.SMS'), user.communication.sms],
              [t('COMMUNICATION.PHONE'), user.communication.phone],
            ]}
          />
        </Section>
        <Section title={t('SOCIAL.TITLE')} testId="profile-social">
          <Fields
            rows={[
              ['LinkedIn', user.socialNetworks.linkedIn],
              ['Facebook', user.socialNetworks.facebook],
              ['Twitter', user.socialNetworks.twitter],
              ['Instagram', user.socialNetworks.instagram],
            ]}
          />
        </Section>
      </div>
      <Section
        title={t('EMAIL_SETTINGS.TITLE')}
        hint={t('EMAIL_SETTINGS.HINT')}
        testId="profile-email-settings"
      >
        <Toggles
          rows={[
            [t('EMAIL_SETTINGS.NOTIFICATION'), user.emailSettings.emailNotification],
            [t('EMAIL_SETTINGS.COPY'), user.emailSettings.sendCopyToPersonalEmail],
          ]}
        />
        <h3 className="mt-5 mb-2 text-sm font-semibold">{t('EMAIL_SETTINGS.ACTIVITY')}</h3>
        <Toggles
          rows={[
            [t('EMAIL_SETTINGS.NEW_NOTIFICATIONS'), activity.youHaveNewNotifications],
            [t('EMAIL_SETTINGS.DIRECT_MESSAGE'), activity.youAreSentADirectMessage],
            [t('EMAIL_SETTINGS.CONNECTION'), activity.someoneAddsYouAsAsAConnection],
            [t('EMAIL_SETTINGS.NEW_ORDER'), activity.uponNewOrder],
            [t('EMAIL_SETTINGS.MEMBERSHIP'), activity.newMembershipApproval],
            [t('EMAIL_SETTINGS.REGISTRATION'), activity.memberRegistration],
          ]}
        />
      </Section>
    </div>
  );
}
