import { paths } from '@contracts/realtime';
import { priceDaySchema, type PriceDay } from '@contracts/prices/price-desk';
import type { FirebaseRuntime } from '@/lib/firebase/runtime';

/**
 * priceHistory/{groupId}/{typeId}: the last `count` days kept up to and including `endDay`
 * (YYYY-MM-DD), none before `startDay` when given, oldest first. The functions keep a day with
 * each save (`by` the admin) and each price read (no `by`) through the `api` function. An entry
 * of another shape is skipped.
 */
export async function readPriceDays(
  firebase: FirebaseRuntime,
  {
    groupId,
    typeId,
    startDay,
    endDay,
    count,
  }: { groupId: number; typeId: number; startDay?: string; endDay: string; count: number },
): Promise<{ day: string; prices: PriceDay }[]> {
  const [database, sdk] = await Promise.all([firebase.database(), import('firebase/database')]);
  const snapshot = await sdk.get(
    sdk.query(
      sdk.ref(database, paths.priceHistory(String(groupId), String(typeId))),
      sdk.orderByKey(),
      ...(startDay === undefined ? [] : [sdk.startAt(startDay)]),
      sdk.endAt(endDay),
      sdk.limitToLast(count),
    ),
  );
  const days: { day: string; prices: PriceDay }[] = [];
  snapshot.forEach((child) => {
    const prices = priceDaySchema.safeParse(child.val());
    if (child.key && prices.success) days.push({ day: child.key, prices: prices.data });
  });
  return days;
}
