import type { Browser } from 'playwright-core';
import type { Logger } from '../../dev/logger.ts';
import { atMost, measured, under, type Figure } from '../support/report.ts';
import { requireSession, type StorageState } from '../support/session.ts';
import type { Suite } from '../support/suite.ts';
import { reasonOf, repeatVisits, warmUp } from '../support/visits.ts';
import { SCROLL_BACK, visitChat } from './chat-page.ts';
import { prepareChat, preparedChatSchema, type PreparedChat } from './chat-seed.ts';

const SECTION = 'Chat, 10 000 messages';

const specs = {
  open: {
    id: 'chat.open',
    section: SECTION,
    label: 'open to newest message painted (chat:open → chat:newest:painted)',
    unit: 'ms',
    budget: under(500),
  },
  longTask: {
    id: 'chat.scroll-longest-task',
    section: SECTION,
    label: `longest task while scrolling back ${SCROLL_BACK.toLocaleString('en-US')} messages`,
    unit: 'ms',
    budget: atMost(50),
  },
  scrollTime: {
    id: 'chat.scroll-time',
    section: SECTION,
    label: `time to scroll back ${SCROLL_BACK.toLocaleString('en-US')} messages (wheel steps)`,
    unit: 'ms',
  },
  heap: {
    id: 'chat.heap',
    section: SECTION,
    label: 'JS heap after GC, after scrolling back',
    unit: 'MiB',
    budget: under(60),
  },
} as const;

/** The chat of a group holding 10 000 messages, opened and scrolled back. */
async function measureChat(deps: {
  browser: Browser;
  appUrl: string;
  chat: PreparedChat;
  signedIn: StorageState;
  runs: number;
  log: Logger;
}): Promise<Figure[]> {
  const url = `${deps.appUrl}/chats/${deps.chat.groupId}`;
  await warmUp(() => visitChat(deps.browser, url, deps.signedIn));
  const { results, retried } = await repeatVisits(
    deps.runs,
    async () => {
      const result = await visitChat(deps.browser, url, deps.signedIn);
      deps.log.info(
        `chat visit: open ${Math.round(result.openMs)} ms, longest task ${Math.round(result.longestTaskMs)} ms, heap ${result.heapMiB.toFixed(1)} MiB`,
      );
      return result;
    },
    { retries: 2, log: deps.log, what: 'chat' },
  );
  const where = `group ${deps.chat.groupId} "${deps.chat.groupName}", ${deps.chat.messages} messages, 1x CPU${retried.length ? `; ${retried.length} visit(s) made again after the stack failed them: ${retried.join('; ')}` : ''}`;
  return [
    measured(
      specs.open,
      results.map((r) => r.openMs),
      { note: where },
    ),
    measured(
      specs.longTask,
      results.map((r) => r.longestTaskMs),
      {
        note: `long tasks (over 50 ms) per visit: ${results.map((r) => r.longTasks).join(', ')}; 0 = none`,
      },
    ),
    measured(
      specs.scrollTime,
      results.map((r) => r.scrollMs),
    ),
    measured(
      specs.heap,
      results.map((r) => r.heapMiB),
      {
        note: 'HeapProfiler.collectGarbage twice, then Runtime.getHeapUsage (used size)',
      },
    ),
  ];
}

export const chatSuite: Suite = {
  id: 'chat',
  figures: Object.values(specs),
  stack: 'default',
  prepare: (dataDir, log) => {
    log.info('chat: seeding 10 000 messages…');
    return prepareChat(dataDir).catch((error: unknown) => {
      throw new Error(`could not seed the chat: ${reasonOf(error)}`);
    });
  },
  measure: ({ browser, stack, signedIn, prepared, log }) => {
    log.info('chat: 3 visits…');
    return measureChat({
      browser,
      appUrl: stack.stack.urls.app,
      chat: preparedChatSchema.parse(prepared),
      signedIn: requireSession(signedIn),
      runs: 3,
      log,
    });
  },
};
