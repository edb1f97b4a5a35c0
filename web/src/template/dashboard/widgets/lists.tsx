import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BellIcon,
  ClipboardListIcon,
  CodeIcon,
  FlaskConicalIcon,
  PaletteIcon,
  TrendingDownIcon,
  TrendingUpIcon,
  type LucideIcon,
} from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/utils';
import { PersonAvatar } from '../components/bits';
import { useFormatters } from '../components/format';
import { InertLink } from '../components/inert';
import { LABEL_TONES } from '../components/menus';
import { softTone, solidTone } from '../components/tone';
import { WidgetCard } from '../components/widget-card';
import {
  ACTIVITY,
  AUTHORS,
  MARKET_LEADERS,
  NOTIFICATIONS,
  TASKS,
  TODOS,
  TRENDS,
} from '../sample-data';

const NS = 'dashboard';

const TASK_ICONS: Record<(typeof TASKS)[number]['key'], LucideIcon> = {
  BRIEFING: ClipboardListIcon,
  CONCEPT: PaletteIcon,
  LOGIC: CodeIcon,
  DEVELOPMENT: CodeIcon,
  TESTING: FlaskConicalIcon,
};

export function TasksOverview() {
  const { t } = useTranslation(NS);
  return (
    <WidgetCard
      id="tasks-overview"
      title={t('TASKS.TITLE')}
      description={t('TASKS.SUBTITLE')}
      menu="add-new"
    >
      <ul className="space-y-4">
        {TASKS.map(({ key, tone }) => {
          const Icon = TASK_ICONS[key];
          return (
            <li key={key} className="flex items-center gap-3.5">
              <span
                className={cn(
                  'grid size-10 shrink-0 place-content-center rounded-lg',
                  softTone[tone],
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <InertLink className="block text-sm font-medium hover:text-primary">
                  {t(`TASKS.${key}`)}
                </InertLink>
                <span className="block text-[13px] text-muted-foreground">
                  {t(`TASKS.${key}_OWNER`)}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </WidgetCard>
  );
}

export function Authors() {
  const { t } = useTranslation(NS);
  return (
    <WidgetCard
      id="authors"
      title={t('AUTHORS.TITLE')}
      description={t('AUTHORS.SUBTITLE')}
      menu="contact"
    >
      <ul className="space-y-4">
        {AUTHORS.map(({ name, skills }) => (
          <li key={name} className="flex items-center gap-3.5">
            <PersonAvatar name={name} />
            <span className="min-w-0">
              <InertLink className="block text-sm font-medium hover:text-primary">{name}</InertLink>
              <span className="block truncate text-[13px] text-muted-foreground">{skills}</span>
            </span>
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}

export function Todo() {
  const { t } = useTranslation(NS);
  const baseId = useId();
  // Ticking is local to the page: the list is sample data and nothing is stored.
  const [done, setDone] = useState<ReadonlySet<string>>(
    () => new Set(TODOS.filter((todo) => todo.done).map((todo) => todo.key)),
  );
  const toggle = (key: string, checked: boolean) =>
    setDone((current) => {
      const next = new Set(current);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });
  return (
    <WidgetCard id="todo" title={t('TODO.TITLE')} description={t('TODO.SUBTITLE')} menu="label">
      <ul className="space-y-3.5">
        {TODOS.map(({ key, due, label, tone }) => {
          const id = `${baseId}-${key}`;
          const checked = done.has(key);
          return (
            <li key={key} className="flex items-center gap-3">
              <span
                aria-hidden="true"
                className={cn('h-9 w-1 shrink-0 rounded-full', solidTone[tone])}
              />
              <Checkbox
                id={id}
                checked={checked}
                onCheckedChange={(value) => toggle(key, value === true)}
              />
              <span className="min-w-0 flex-1">
                <label
                  htmlFor={id}
                  className={cn(
                    'block cursor-pointer text-sm font-medium',
                    checked && 'text-muted-foreground line-through',
                  )}
                >
                  {t(`TODO.${key}`)}
                </label>
                <span className="block text-[13px] text-muted-foreground">{t(`TODO.${due}`)}</span>
              </span>
              <span
                className={cn(
                  'shrink-0 rounded-md px-2 py-0.5 text-xs font-medium',
                  softTone[LABEL_TONES[label]],
                )}
              >
                {t(`MENUS.${label}`)}
              </span>
            </li>
          );
        })}
      </ul>
    </WidgetCard>
  );
}

export function Trends() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="trends"
      title={t('TRENDS.TITLE')}
      description={t('TRENDS.SUBTITLE')}
      menu="label"
    >
      <ul className="space-y-4">
        {TRENDS.map(({ key, value, tone }) => (
          <li key={key} className="flex items-center gap-3.5">
            <span
              className={cn(
                'grid size-10 shrink-0 place-content-center rounded-lg',
                softTone[tone],
              )}
            >
              <TrendingUpIcon aria-hidden="true" className="size-5" />
            </span>
            <span className="min-w-0 flex-1">
              <InertLink className="block text-sm font-medium hover:text-primary">
                {t(`TRENDS.${key}`)}
              </InertLink>
              <span className="block text-[13px] text-muted-foreground">
                {t(`TRENDS.${key}_HINT`)}
              </span>
            </span>
            <span className="text-sm font-semibold text-success tabular-nums">
              +{format.money(value)}
            </span>
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}

export function MyActivity() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="my-activity"
      title={t('ACTIVITY.TITLE')}
      description={t('ACTIVITY.SUBTITLE')}
      menu="add-new"
    >
      <ol className="relative space-y-4">
        <span aria-hidden="true" className="absolute top-1 bottom-1 left-[64px] w-px bg-border" />
        {ACTIVITY.map((entry) => (
          <li key={entry.time} className="relative flex items-start gap-3">
            <time className="w-12 shrink-0 text-[13px] font-semibold tabular-nums">
              {entry.time}
            </time>
            <span
              aria-hidden="true"
              className={cn(
                'relative mt-1 size-2.5 shrink-0 rounded-full ring-4 ring-card',
                solidTone[entry.tone],
              )}
            />
            <span className="text-sm text-muted-foreground">
              {t(`ACTIVITY.${entry.key}`, {
                amount: 'amount' in entry ? format.money(entry.amount) : '',
                order: 'order' in entry ? entry.order : '',
              })}
            </span>
          </li>
        ))}
      </ol>
    </WidgetCard>
  );
}

export function Notifications() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="notifications"
      title={t('NOTIFICATIONS.TITLE')}
      description={t('NOTIFICATIONS.SUBTITLE')}
      menu="contact"
    >
      <ul className="space-y-3">
        {NOTIFICATIONS.map(({ key, change, tone }) => {
          const Trend = change < 0 ? TrendingDownIcon : TrendingUpIcon;
          return (
            <li
              key={key}
              className={cn('flex items-center gap-3 rounded-lg px-3.5 py-3', softTone[tone])}
            >
              <BellIcon aria-hidden="true" className="size-5 shrink-0" />
              <InertLink className="min-w-0 flex-1 text-sm font-medium text-foreground">
                {t(`NOTIFICATIONS.${key}`)}
              </InertLink>
              <span className="flex items-center gap-1 text-sm font-semibold tabular-nums">
                <Trend aria-hidden="true" className="size-4" />
                {format.change(change)}
              </span>
            </li>
          );
        })}
      </ul>
    </WidgetCard>
  );
}

export function MarketLeaders() {
  const { t } = useTranslation(NS);
  const format = useFormatters();
  return (
    <WidgetCard
      id="market-leaders"
      title={t('MARKET.TITLE')}
      description={t('MARKET.SUBTITLE')}
      menu="contact"
    >
      <ul className="space-y-4">
        {MARKET_LEADERS.map(({ name, key, revenue }) => (
          <li key={name} className="flex items-center gap-3.5">
            <PersonAvatar name={name} />
            <span className="min-w-0 flex-1">
              <InertLink className="block text-sm font-medium hover:text-primary">{name}</InertLink>
              <span className="block text-[13px] text-muted-foreground">{t(`MARKET.${key}`)}</span>
            </span>
            <span className="text-sm font-semibold tabular-nums">
              {format.compactMoney(revenue)}
            </span>
          </li>
        ))}
      </ul>
    </WidgetCard>
  );
}
