import { useId, useState, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { useUrlParam } from '@/components/data-table/use-url-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LoadFailed } from '@/components/load-failed';
import { SkippedNotice } from '@/components/skipped-notice';
import { useTranslation } from 'react-i18next';
import { CircleCheckIcon, InfoIcon } from 'lucide-react';
import { usePageMeta } from '@/components/page-meta';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { errorLines } from '@/lib/api/api-client';
import { useServices } from '@/lib/services';
import { STORAGE_KEYS } from '@/lib/storage';
import { formatLongDate, isoDateInLosAngeles } from '@/lib/time';
import { useFuelPriceTypes } from '@/lib/price-lists/fuel-price-types';
import { useFuelPrices, type PriceSelection } from './api/get-fuel-prices';
import { usePriceGroups } from '@/lib/price-lists/price-groups';
import { DayField } from './components/day-field';
import { PricesForm } from './components/prices-form';
import { DeskView } from './desk/desk-view';

/** 20:00 UTC is midday in Los Angeles (PST or PDT): the day shown is the day chosen. */
const dayToDate = (day: string) => `${day}T20:00:00Z`;

const viewSchema = z.enum(['desk', 'form']);

/**
 * /today-prices: the desk (every group and type of a day in one grid) or the single form for one
 * group, type and day. It opens on the view last chosen in this browser (the desk at first): an
 * admin who works in the form should not land on the desk every day. `?view=` names one.
 */
export function TodayPricesPage() {
  const { t } = useTranslation('prices');
  const { storage } = useServices();
  usePageMeta({ title: t('MENU.TODAY_PRICES') });
  const remembered = viewSchema.safeParse(storage.getItem(STORAGE_KEYS.pricesView));
  const [view, setView] = useUrlParam('view', viewSchema, remembered.data ?? 'desk');
  const choose = (next: string) => {
    const chosen = viewSchema.parse(next);
    storage.setItem(STORAGE_KEYS.pricesView, chosen);
    setView(chosen, 'push');
  };
  return (
    <Tabs value={view} onValueChange={choose} className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <TabsList aria-label={t('VIEW.LABEL')}>
        <TabsTrigger value="desk">{t('VIEW.DESK')}</TabsTrigger>
        <TabsTrigger value="form">{t('VIEW.FORM')}</TabsTrigger>
      </TabsList>
      <TabsContent value="desk">
        <DeskView />
      </TabsContent>
      <TabsContent value="form">
        <SinglePriceForm />
      </TabsContent>
    </Tabs>
  );
}

/**
 * Choose a group, a day and a fuel price type; the prices saved for that choice load into the
 * five inputs, and Save stores them.
 */
function SinglePriceForm() {
  const { t } = useTranslation('prices');
  const services = useServices();
  const ids = useId();
  const groups = usePriceGroups();
  const types = useFuelPriceTypes();
  const groupList = groups.data?.items;
  const typeList = types.data?.items;
  const [groupChoice, setGroupChoice] = useState<number | null>(null);
  const [typeChoice, setTypeChoice] = useState<number | null>(null);
  const [date, setDate] = useState(() => isoDateInLosAngeles(services.now()));

  // Until the admin chooses, the first group and the first type are shown.
  const group = groupList?.find((g) => g.id === groupChoice) ?? groupList?.[0];
  const type = typeList?.find((ty) => ty.id === typeChoice) ?? typeList?.[0];
  const selection: PriceSelection | null =
    group && type && date ? { groupId: group.id, typeId: type.id, date } : null;
  const saved = useFuelPrices(selection);

  const setupFailure = groups.error ?? types.error;
  const noGroups = groupList?.length === 0;

  let body: ReactNode;
  if (setupFailure) {
    body = (
      <LoadFailed
        title={t('SETUP_FAILED')}
        lines={errorLines(setupFailure, t)}
        onRetry={() => void Promise.all([groups.refetch(), types.refetch()])}
      />
    );
  } else if (noGroups) {
    body = (
      <Notice
        icon={<InfoIcon aria-hidden="true" />}
        title={t('NO_GROUPS_TITLE')}
        text={t('NO_GROUPS')}
      />
    );
  } else if (!date) {
    body = (
      <Notice
        icon={<InfoIcon aria-hidden="true" />}
        title={t('CHOOSE_DATE_TITLE')}
        text={t('CHOOSE_DATE')}
      />
    );
  } else if (!selection || saved.isPending) {
    body = <PricesSkeleton label={t('TABLE.PLEASE_WAIT')} />;
  } else if (saved.isError) {
    body = (
      <LoadFailed
        title={t('LOAD_FAILED')}
        lines={errorLines(saved.error, t)}
        onRetry={() => void saved.refetch()}
      />
    );
  } else {
    body = (
      <div className="grid gap-5">
        <SkippedNotice count={(groups.data?.skipped ?? 0) + (types.data?.skipped ?? 0)} />
        {saved.data === null ? (
          <Alert data-testid="prices-none-saved">
            <InfoIcon aria-hidden="true" className="text-primary" />
            <AlertTitle>{t('NONE_SAVED_TITLE')}</AlertTitle>
            <AlertDescription>{t('NONE_SAVED')}</AlertDescription>
          </Alert>
        ) : (
          <p
            data-testid="prices-saved"
            className="flex items-center gap-2 text-sm text-muted-foreground"
          >
            <CircleCheckIcon aria-hidden="true" className="size-4 text-success" />
            {t('SAVED_LOADED')}
          </p>
        )}
        <PricesForm
          key={`${selection.groupId}:${selection.typeId}:${selection.date}`}
          selection={selection}
          saved={saved.data}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      <section
        aria-labelledby={`${ids}-choose`}
        className="rounded-xl border bg-card p-5 shadow-xs"
      >
        <h2 id={`${ids}-choose`} className="mb-4 font-semibold">
          {t('SELECTION')}
        </h2>
        <div className="grid gap-4 md:grid-cols-3">
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-group`}>{t('GROUP')}</Label>
            <NativeSelect
              id={`${ids}-group`}
              className="w-full [&_select]:h-10"
              value={group ? String(group.id) : ''}
              disabled={!groupList || noGroups}
              onChange={(event) => setGroupChoice(Number(event.target.value))}
            >
              {groupList ? null : <option value="">{t('TABLE.LOADING')}</option>}
              {groupList?.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <DayField id={`${ids}-date`} day={date} onDay={setDate} />
          <div className="grid gap-2">
            <Label htmlFor={`${ids}-type`}>{t('FUEL_TYPE')}</Label>
            <NativeSelect
              id={`${ids}-type`}
              className="w-full [&_select]:h-10"
              value={type ? String(type.id) : ''}
              disabled={!typeList}
              onChange={(event) => setTypeChoice(Number(event.target.value))}
            >
              {typeList ? null : <option value="">{t('TABLE.LOADING')}</option>}
              {typeList?.map((ty) => (
                <option key={ty.id} value={ty.id}>
                  {ty.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
      </section>

      <section
        aria-labelledby={`${ids}-prices`}
        className="rounded-xl border bg-card p-5 shadow-xs"
      >
        <div className="mb-4 grid gap-1">
          <h2 id={`${ids}-prices`} className="font-semibold">
            {t('PRICES')}
          </h2>
          {group && type && date ? (
            // The three parts of the choice, in every language the same way.
            <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
              <span>{group.name}</span>
              <span aria-hidden="true">·</span>
              <span>{type.name}</span>
              <span aria-hidden="true">·</span>
              <span>{formatLongDate(dayToDate(date))}</span>
            </p>
          ) : null}
        </div>
        {body}
      </section>
    </div>
  );
}

function Notice({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Alert>
      {icon}
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{text}</AlertDescription>
    </Alert>
  );
}

function PricesSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
      {[0, 1, 2, 3, 4].map((key) => (
        <div key={key} className="grid gap-2">
          <Skeleton className="h-3.5 w-20" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
