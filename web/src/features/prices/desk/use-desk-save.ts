import { useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorLines } from '@/lib/api/api-client';
import { useHeldToast } from '@/lib/changes/use-held-toast';
import { useServices, useSession } from '@/lib/services';
import { toast } from '@/lib/toast';
import { readPriceDays } from '../api/get-price-history';
import { priceKeys } from '../api/keys';
import { saveFuelPrices } from '../api/save-fuel-prices';
import { toFormValues } from '../schemas';
import { findConflicts, settleRows, type Conflict } from './conflicts';
import { isRowChanged, type DeskRow } from './grid';
import { saveChanged, type RowOutcome } from './save-queue';

export interface DeskSaveInput {
  date: string;
  /** Whether the price history can be read (without it, no conflict can be seen). */
  history: boolean;
  rows: readonly DeskRow[];
  setRows: Dispatch<SetStateAction<DeskRow[]>>;
  setOutcomes: Dispatch<SetStateAction<ReadonlyMap<string, RowOutcome>>>;
}

/**
 * The desk's Save: the changed rows, except those another admin saved since the desk read them,
 * which wait in `conflicts` until `settle` says whether to overwrite them or keep theirs.
 */
export function useDeskSave({ date, history, rows, setRows, setOutcomes }: DeskSaveInput) {
  const { t } = useTranslation('prices');
  const { api, firebase, logger } = useServices();
  const session = useSession();
  const self = session ? String(session.user.id) : '';
  const queryClient = useQueryClient();
  const heldToast = useHeldToast();
  const [saving, setSaving] = useState(false);
  const [conflicts, setConflicts] = useState<readonly Conflict[]>([]);
  // The conflicts not yet settled: the dialog's choice and its closing both settle them, once.
  const unsettled = useRef<readonly Conflict[]>([]);

  /** The price history's day as it is now, for each row (null: nothing saved). */
  const historyNow = async (list: readonly DeskRow[]) =>
    new Map(
      await Promise.all(
        list.map(async (row) => {
          const days = await readPriceDays(firebase, {
            groupId: row.groupId,
            typeId: row.typeId,
            startDay: date,
            endDay: date,
            count: 1,
          });
          return [row.key, days.find((entry) => entry.day === date)?.prices ?? null] as const;
        }),
      ),
    );

  const saveRows = async (list: readonly DeskRow[]) => {
    if (list.length === 0) return;
    setSaving(true);
    let failed = 0;
    let held = 0;
    await saveChanged(list, {
      save: async (row) => {
        const stored = await saveFuelPrices(api, {
          groupId: row.groupId,
          fuel_price_type_id: row.typeId,
          date,
          ...row.values,
        });
        const key = priceKeys.saved(row.groupId, row.typeId, date);
        if (!stored) {
          // The reply does not echo the record: what was sent is what was saved.
          await queryClient.invalidateQueries({ queryKey: key });
          return row.values;
        }
        queryClient.setQueryData(key, stored);
        return toFormValues(stored);
      },
      reasons: (error) => errorLines(error, t),
      report: (key, outcome, stored) => {
        if (outcome.state === 'failed') failed++;
        if (outcome.state === 'held') held++;
        setOutcomes((current) => new Map(current).set(key, outcome));
        // A held row shows what is stored again, so Save does not send it twice: the request
        // waiting for approval keeps its prices.
        const settled = (row: DeskRow) =>
          stored ? { ...row, loaded: stored, values: stored } : { ...row, values: row.loaded };
        if (stored || outcome.state === 'held') {
          setRows((current) => current.map((row) => (row.key === key ? settled(row) : row)));
        }
      },
    });
    setSaving(false);
    if (failed > 0) toast.error(t('DESK.SAVE_SOME_FAILED', { count: failed }));
    if (held > 0) heldToast(t('DESK.SAVE_SOME_HELD', { count: held }));
    if (failed === 0 && held === 0) toast.success(t('MESSAGES.SAVED_SUCCESSFULLY'));
  };

  const save = async () => {
    const list = rows.filter(isRowChanged);
    let found: Conflict[] = [];
    if (history) {
      setSaving(true);
      try {
        found = findConflicts(list, await historyNow(list), self);
      } catch (error) {
        // The history cannot be read now: the save goes ahead as it did before it was kept.
        logger.info('The price history could not be read before saving', error);
      }
    }
    if (found.length === 0) return saveRows(list);
    setSaving(false);
    unsettled.current = found;
    setConflicts(found);
  };

  const settle = (overwrite: boolean) => {
    const found = unsettled.current;
    if (found.length === 0) return;
    unsettled.current = [];
    setConflicts([]);
    const settled = settleRows(rows, found, overwrite);
    setRows(settled);
    if (!overwrite) {
      setOutcomes((current) => {
        const next = new Map(current);
        for (const { key } of found) next.delete(key);
        return next;
      });
    }
    void saveRows(settled.filter(isRowChanged));
  };

  return { saving, save, conflicts, settle };
}
