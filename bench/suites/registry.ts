import type { Suite } from '../support/suite.ts';
import { bundleSuite } from './bundle.ts';
import { chatSuite } from './chat.ts';
import { coldLoadSuite } from './cold-load.ts';
import { csvExportSuite } from './csv-export.ts';
import { deskSuite } from './desk.ts';
import { historySuite } from './history.ts';
import { lighthouseSuite } from './lighthouse.ts';
import { machineSuite } from './machine.ts';
import { paletteSuite } from './palette.ts';
import { proxySuite } from './proxy.ts';
import { pushQueueSuite } from './push-queue.ts';
import { pushSuite } from './push.ts';
import { seedSuite } from './seed.ts';
import { triggerSuite } from './trigger.ts';
import { userListSuite } from './user-list.ts';

/**
 * Every suite, in the order they run within their stack. On the default stack the trigger comes
 * after the cold loads, which listed the users and so filled the device mirror it writes to.
 */
export const SUITES: readonly Suite[] = [
  bundleSuite,
  seedSuite,
  pushSuite,
  pushQueueSuite,
  proxySuite,
  coldLoadSuite,
  lighthouseSuite,
  chatSuite,
  triggerSuite,
  userListSuite,
  paletteSuite,
  csvExportSuite,
  historySuite,
  deskSuite,
  machineSuite,
];
