import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoIcon } from 'lucide-react';
import * as z from 'zod/mini';
import { useUrlParam, useUrlParams } from '@/components/data-table/use-url-state';
import { LoadFailed } from '@/components/load-failed';
import { SkippedNotice } from '@/components/skipped-notice';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorLines } from '@/lib/api/api-client';
import { useServices } from '@/lib/services';
import { isoDateInLosAngeles } from '@/lib/time';
import { useFuelPriceTypes } from '@/lib/price-lists/fuel-price-types';
import { DayField } from '../components/day-field';
import { usePriceGroups } from '@/lib/price-lists/price-groups';
import { MissingForTomorrow } from '../missing/missing-for-tomorrow';
import { PriceDesk } from './price-desk';
import { useDeskRows } from './use-desk-rows';

const daySchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
/** A row a link opens the desk at (`?row={groupId}:{typeId}`). */
const rowSchema = z.string().check(z.regex(/^\d+:\d+$/));
/** Below Tailwind's md breakpoint the desk shows one group at a time. */
const NARROW = '(max-width: 767px)';

/** The desk's day (in the URL, today by default), its loading and failures, then the grid. */
export function DeskView() {
  const { t } = useTranslation('prices');
  const services = useServices();
  const ids = useId();
  const today = isoDateInLosAngeles(services.now());
  const [date] = useUrlParam('day', daySchema, today);
  const [row] = useUrlParam('row', rowSchema, '');
  const [, setParams] = useUrlParams();
  const groups = usePriceGroups();
  const types = useFuelPriceTypes();
  const groupList = groups.data?.items;
  const typeList = types.data?.items;
  const { query: desk, history, readsDay } = useDeskRows(groupList, typeList, date);
  const failure = groups.error ?? types.error ?? desk.error;

  let body;
  if (failure) {
    body = (
      <LoadFailed
        title={t('DESK.LOAD_FAILED')}
        lines={errorLines(failure, t)}
        onRetry={() => void Promise.all([groups.refetch(), types.refetch(), desk.refetch()])}
      />
    );
  } else if (groupList?.length === 0) {
    body = (
      <Alert>
        <InfoIcon aria-hidden="true" />
        <AlertTitle>{t('NO_GROUPS_TITLE')}</AlertTitle>
        <AlertDescription>{t('NO_GROUPS')}</AlertDescription>
      </Alert>
    );
  } else if (!desk.data || !groupList || !typeList) {
    body = (
      <div role="status" aria-label={t('TABLE.PLEASE_WAIT')} className="grid gap-2">
        {[0, 1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} className="h-9 w-full" />
        ))}
      </div>
    );
  } else {
    body = (
      <>
        <SkippedNotice count={(groups.data?.skipped ?? 0) + (types.data?.skipped ?? 0)} />
        {history ? null : (
          <Alert data-testid="desk-no-history">
            <InfoIcon aria-hidden="true" />
            <AlertDescription>{t('DESK.NO_HISTORY')}</AlertDescription>
          </Alert>
        )}
        {!readsDay && desk.data.some((row) => row.previous === null) ? (
          <Alert data-testid="desk-previous-unknown">
            <InfoIcon aria-hidden="true" />
            <AlertDescription>{t('DESK.PREVIOUS_UNKNOWN')}</AlertDescription>
          </Alert>
        ) : null}
        <PriceDesk
          // Another day starts a new copy to edit.
          key={date}
          date={date}
          groups={groupList}
          types={typeList}
          loaded={desk.data}
          narrow={window.matchMedia(NARROW).matches}
          history={history}
          focusRow={row || null}
        />
      </>
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      {groupList && typeList ? <MissingForTomorrow groups={groupList} types={typeList} /> : null}
      <section
        aria-labelledby={`${ids}-title`}
        className="grid grid-cols-[minmax(0,1fr)] gap-4 rounded-xl border bg-card p-5 shadow-xs"
      >
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${ids}-title`} className="font-semibold">
            {t('DESK.TITLE')}
          </h2>
          <DayField
            id={`${ids}-date`}
            day={date}
            onDay={(day) => {
              // Another day is opened at no particular row.
              if (daySchema.safeParse(day).success)
                setParams({ day: day === today ? null : day, row: null }, 'push');
            }}
          />
        </div>
        {body}
      </section>
    </div>
  );
}
