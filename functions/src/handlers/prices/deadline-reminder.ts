import {
  changePaths,
  dayAfter,
  DEADLINE_REMINDER_LEAD_MS,
  deadlinePaths,
  dueAt,
  losAngelesDay,
  missingRows,
  policyOf,
} from '../../contracts/index.js';
import { adminDevices, sendToRecipients, type PushSender } from '../push/index.js';
import type { Clock, Db, Logger } from '../ports.js';

export const DEADLINE_PUSH_TITLE = 'Prices due soon';

export interface DeadlineReminderDeps {
  db: Db;
  now: Clock;
  logger: Logger;
  sender: PushSender;
}

/**
 * In the hour before tomorrow's prices are due, while the price history knows of rows missing
 * for tomorrow, a web push to the signed-in admins who may save prices: once a day, the day
 * claimed in a transaction before anything is sent, so two runs never both send it.
 */
export async function remindPriceDeadline(deps: DeadlineReminderDeps): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const { priceDeadline } = policyOf(await db.get(changePaths.changePolicy()));
  const today = losAngelesDay(now);
  const tomorrow = dayAfter(today);
  const due = dueAt(tomorrow, priceDeadline);
  if (now < due - DEADLINE_REMINDER_LEAD_MS || now >= due) return;
  const missing = missingRows(
    await db.get(deadlinePaths.priceDay(today)),
    await db.get(deadlinePaths.priceDay(tomorrow)),
  );
  if (missing.length === 0) return;
  const claim = await db.transaction(deadlinePaths.priceReminder(tomorrow), (current) =>
    current === null ? now : undefined,
  );
  if (!claim.committed) return;
  const outcome = await sendToRecipients(
    adminDevices(db, '', now, 'prices.write'),
    (token) => ({
      token,
      notification: {
        title: DEADLINE_PUSH_TITLE,
        body: `${missing.length} price ${missing.length === 1 ? 'row is' : 'rows are'} missing for ${tomorrow}: due at ${priceDeadline} (Los Angeles).`,
      },
      data: { type: 'price-deadline', day: tomorrow },
    }),
    { db, sender: deps.sender, logger: deps.logger },
  );
  deps.logger.info('Price deadline reminder sent', {
    day: tomorrow,
    missing: missing.length,
    ...outcome,
  });
}
