import type { Browser } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { openPage, type OpenedPage, type OpenOptions } from './page.ts';

/** The figure cannot be taken, for a reason the report states (a mark never set, say). */
export class NotMeasured extends Error {}

/**
 * The local stack failed the page (an /api call answered 5xx: the Functions emulator reloading
 * code another engineer is rebuilding, a busy machine timing a request out): worth another
 * visit, not a verdict on the screen.
 */
export class StackHiccup extends Error {}

export function stackFailed(errors: readonly string[]): boolean {
  return errors.some((e) => /→ HTTP 5\d\d$/.test(e));
}

export const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/**
 * One visit in a cold page (openPage), closed afterwards whatever happens; a failure while the
 * stack was failing the page's calls is a StackHiccup, worth another visit.
 */
export async function inColdPage<T>(
  browser: Browser,
  options: OpenOptions,
  visit: (opened: OpenedPage) => Promise<T>,
): Promise<T> {
  const opened = await openPage(browser, options);
  try {
    return await visit(opened);
  } catch (error) {
    if (stackFailed(opened.errors)) throw new StackHiccup(reasonOf(error));
    throw error;
  } finally {
    await opened.close();
  }
}

/**
 * `runs` visits; one the stack failed is made again, at most `retries` times in all. The
 * reasons of the retried ones are returned for the report's notes.
 */
export async function repeatVisits<T>(
  runs: number,
  visit: () => Promise<T>,
  options: { retries: number; log: Logger; what: string },
): Promise<{ results: T[]; retried: string[] }> {
  const results: T[] = [];
  const retried: string[] = [];
  while (results.length < runs) {
    try {
      results.push(await visit());
    } catch (error) {
      if (!(error instanceof StackHiccup) || retried.length >= options.retries) throw error;
      retried.push(error.message);
      options.log.warn(`${options.what}: the stack failed a visit, once more: ${error.message}`);
    }
  }
  return { results, retried };
}

/**
 * Unmeasured visits before the measured ones. The Functions emulator starts a Node process for
 * every request its idle workers cannot take (a page's /api calls and avatars come at once) and
 * keeps it: the first visits pay for starting them, on the two cores the browser uses too.
 * An `api` instance in Cloud Functions serves 8 requests at once, and not on the admin's machine.
 */
export const WARM_VISITS = 2;

/** Runs `visit` WARM_VISITS times, whatever it gives: a page that cannot load fails later. */
export async function warmUp(visit: () => Promise<unknown>): Promise<void> {
  for (let n = 0; n < WARM_VISITS; n++) await visit().catch(() => undefined);
}
