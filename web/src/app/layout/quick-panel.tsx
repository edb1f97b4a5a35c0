import type { ParseKeys } from 'i18next';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BellIcon,
  CircleCheckIcon,
  FuelIcon,
  MegaphoneIcon,
  ShieldCheckIcon,
  UserPlusIcon,
} from 'lucide-react';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

/**
 * The left quick panel: the latest audit entries, live, then the template's sample
 * notifications and settings toggles, which the panel says are samples.
 */
// The live tab and the database code it needs load when the panel opens, not with the shell.
const AuditTab = lazy(() => import('./quick-panel-audit'));

const NOTIFICATIONS = [
  { key: 'QUICK_PANEL.NOTE_1', hint: 'QUICK_PANEL.NOTE_1_HINT', icon: UserPlusIcon },
  { key: 'QUICK_PANEL.NOTE_2', hint: 'QUICK_PANEL.NOTE_2_HINT', icon: FuelIcon },
  { key: 'QUICK_PANEL.NOTE_3', hint: 'QUICK_PANEL.NOTE_3_HINT', icon: MegaphoneIcon },
  { key: 'QUICK_PANEL.NOTE_4', hint: 'QUICK_PANEL.NOTE_4_HINT', icon: CircleCheckIcon },
] as const;

const SETTINGS = [
  {
    headingKey: 'QUICK_PANEL.SETTINGS_CARE',
    icon: BellIcon,
    items: [
      { key: 'QUICK_PANEL.SETTING_NOTIFICATIONS', initial: true },
      { key: 'QUICK_PANEL.SETTING_CASE_TRACKING', initial: false },
      { key: 'QUICK_PANEL.SETTING_SUPPORT_PORTAL', initial: true },
    ],
  },
  {
    headingKey: 'QUICK_PANEL.SETTINGS_REPORTS',
    icon: ShieldCheckIcon,
    items: [
      { key: 'QUICK_PANEL.SETTING_GENERATE_REPORTS', initial: false },
      { key: 'QUICK_PANEL.SETTING_REPORT_EXPORT', initial: true },
      { key: 'QUICK_PANEL.SETTING_DATA_COLLECTION', initial: false },
    ],
  },
] as const;

function SettingToggle({ labelKey, initial }: { labelKey: ParseKeys; initial: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [on, setOn] = useState(initial);
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <label htmlFor={id} className="text-sm">
        {t(labelKey)}
      </label>
      <Switch id={id} checked={on} onCheckedChange={setOn} />
    </div>
  );
}

export function QuickPanel({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" closeLabel={t('COMMON.CLOSE')} data-testid="quick-panel">
        <SheetHeader>
          <SheetTitle>{t('QUICK_PANEL.TITLE')}</SheetTitle>
          <SheetDescription>{t('QUICK_PANEL.SAMPLE_NOTE')}</SheetDescription>
        </SheetHeader>
        <Tabs defaultValue="logs" className="flex min-h-0 flex-1 flex-col">
          <div className="px-5 pt-4">
            <TabsList className="w-full">
              <TabsTrigger value="logs">{t('QUICK_PANEL.AUDIT_LOGS')}</TabsTrigger>
              <TabsTrigger value="notifications">{t('QUICK_PANEL.NOTIFICATIONS')}</TabsTrigger>
              <TabsTrigger value="settings">{t('QUICK_PANEL.SETTINGS')}</TabsTrigger>
            </TabsList>
          </div>
          <TabsContent value="logs" className="overflow-y-auto px-5 py-4">
            <Suspense fallback={<Spinner className="mx-auto my-6 size-5" />}>
              <AuditTab onViewAll={() => onOpenChange(false)} />
            </Suspense>
          </TabsContent>
          <TabsContent value="notifications" className="overflow-y-auto px-3 py-3">
            <ul className="space-y-1">
              {NOTIFICATIONS.map(({ key, hint, icon: Icon }) => (
                <li key={key} className="flex items-start gap-3 rounded-lg p-2">
                  <span className="grid size-9 shrink-0 place-content-center rounded-lg bg-primary/10 text-primary">
                    <Icon aria-hidden="true" className="size-4" />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-sm font-medium">{t(key)}</span>
                    <span className="block text-xs text-muted-foreground">{t(hint)}</span>
                  </span>
                </li>
              ))}
            </ul>
          </TabsContent>
          <TabsContent value="settings" className="overflow-y-auto px-5 py-4">
            <div className="space-y-6">
              {SETTINGS.map((group) => (
                <section key={group.headingKey}>
                  <h3 className="mb-1 flex items-center gap-2 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                    <group.icon aria-hidden="true" className="size-3.5" />
                    {t(group.headingKey)}
                  </h3>
                  <div className="divide-y">
                    {group.items.map((item) => (
                      <SettingToggle key={item.key} labelKey={item.key} initial={item.initial} />
                    ))}
                  </div>
                </section>
              ))}
            </div>
          </TabsContent>
        </Tabs>
      </SheetContent>
    </Sheet>
  );
}
