import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldPrices, HeldUpstream, HeldWarning } from '@contracts/changes/changes';
import { PRICE_RANGE } from '@contracts/prices/price-warnings';
import { FUEL_PRICE_FIELDS } from '@contracts/upstream/upstream';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { useFuelPriceTypes } from '@/lib/price-lists/fuel-price-types';
import { usePriceGroups } from '@/lib/price-lists/price-groups';
import { Detail } from './detail';

/** The grades as the price desk names them. */
const GRADE_LABELS: Record<
  (typeof FUEL_PRICE_FIELDS)[number],
  ParseKeys<['approvals', 'prices']>
> = {
  regular: 'prices:FIELDS.REGULAR',
  premium: 'prices:FIELDS.PREMIUM',
  diesel: 'prices:FIELDS.DIESEL',
  renew_99: 'prices:FIELDS.RENEW_99',
  b_20: 'prices:FIELDS.B_20',
};

const price = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** A call to the upstream API the server held: the call itself, and a price save's prices. */
export function HeldUpstreamDetails({ held }: { held: HeldUpstream }) {
  const { t } = useTranslation('approvals');
  return (
    <section
      aria-label={t('HELD.CALL_LABEL')}
      className="grid gap-3 rounded-lg border bg-muted/40 px-4 py-3 text-sm"
    >
      <dl>
        <Detail label={t('HELD.CALL')}>
          <code className="font-mono text-xs">
            {held.method} {held.path}
          </code>
        </Detail>
      </dl>
      {held.prices ? <HeldPricesTable prices={held.prices} /> : null}
    </section>
  );
}

/** Each grade sent: the price stored before it, the one sent, and why the save was held. */
function HeldPricesTable({ prices }: { prices: HeldPrices }) {
  const { t } = useTranslation(['approvals', 'prices']);
  const grades = FUEL_PRICE_FIELDS.filter((grade) => prices.cells[grade] !== undefined);
  // Named as the price desk names them; by id while the lists load, or if one is gone since.
  const group = usePriceGroups().data?.items.find((each) => String(each.id) === prices.groupId);
  const type = useFuelPriceTypes().data?.items.find((each) => String(each.id) === prices.typeId);
  const captionId = useId();

  const before = (value: number | undefined) =>
    !prices.beforeRead
      ? t('HELD.NOT_READ')
      : value === undefined
        ? t('HELD.NONE_BEFORE')
        : price(value);
  const warning = (found: HeldWarning) => {
    if (found.kind === 'range') {
      return t('prices:DESK.WARN_RANGE', {
        min: PRICE_RANGE.min.toFixed(2),
        max: PRICE_RANGE.max.toFixed(2),
      });
    }
    if (found.previous === undefined || found.share === undefined) return t('HELD.JUMP');
    const share = `${found.share > 0 ? '+' : ''}${Math.round(found.share * 100)}%`;
    return t('prices:DESK.WARN_JUMP', { share, previous: found.previous.toFixed(2) });
  };

  // The name stays above the table, not in a caption: a caption is as wide as the table, which
  // scrolls sideways on a phone, and the end of a long group name would scroll out of sight.
  return (
    <div className="grid gap-2">
      <p id={captionId} className="text-xs font-medium text-muted-foreground">
        {t('HELD.PRICES_CAPTION', {
          date: prices.date,
          group: group?.name ?? prices.groupId,
          type: type?.name ?? prices.typeId,
        })}
      </p>
      <Table className="bg-background" aria-labelledby={captionId}>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t('HELD.GRADE')}</TableHead>
            <TableHead scope="col" className="text-right">
              {t('HELD.BEFORE')}
            </TableHead>
            <TableHead scope="col" className="text-right">
              {t('HELD.AFTER')}
            </TableHead>
            <TableHead scope="col">{t('HELD.WARNING')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {grades.map((grade) => {
            const cell = prices.cells[grade];
            const found = prices.warnings.filter((each) => each.grade === grade);
            return (
              <TableRow key={grade} data-testid="held-price">
                <TableHead scope="row" className="normal-case">
                  {t(GRADE_LABELS[grade])}
                </TableHead>
                <TableCell className="text-right tabular-nums">{before(cell?.before)}</TableCell>
                <TableCell className="text-right font-medium tabular-nums">
                  {cell ? price(cell.after) : null}
                </TableCell>
                <TableCell>
                  {found.length > 0 ? found.map(warning).join(' ') : t('HELD.NO_WARNING')}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
