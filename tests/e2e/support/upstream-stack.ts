import fs from 'node:fs';
import path from 'node:path';
import { capabilityParamsOf, FLAVOUR_BY_NAME } from '../../../dev/api/flavour.ts';
import { type FlavourName, SEED_ADMIN, startApi, type RunningApi } from '../../../dev/api/index.ts';
import { DATABASE_NAMESPACE, PROJECT_ID } from '../../../dev/emulators.ts';
import { streamLogger } from '../../../dev/logger.ts';
import { portsFrom } from '../../../dev/ports.ts';
import type { StackInfo } from '../../support/stack-info.ts';
import { npmStart, stopRun, untilReady } from './npm-start.ts';
import { freePortBase } from './ports.ts';

/**
 * `npm start -- --upstream <url>` in front of dev/api in one of its flavours, started apart as a
 * real upstream would be, with the capability parameters and file origin an operator of such an
 * upstream sets. The stack is a whole one: 30-90 s to start.
 */

export interface UpstreamStack {
  stack: StackInfo;
  api: RunningApi;
  /** The lines npm start printed on stdout. */
  stdout: () => string[];
  stop(): Promise<void>;
}

/**
 * The API in `flavour` (its log in `<dir>/api.log`) and the product in front of it (its logs in
 * `<dir>/stack/stack.log` and `firebase.log`).
 */
export async function startUpstreamStack(
  dir: string,
  flavour: FlavourName,
  /** Further parameters of the functions, e.g. `{ ADMIN_SESSION_SECONDS: '10' }`. */
  params: Record<string, string> = {},
): Promise<UpstreamStack> {
  const api = await startApi({
    dataDir: path.join(dir, 'api'),
    port: 0,
    flavour,
    logger: streamLogger(`${flavour} api`, fs.createWriteStream(path.join(dir, 'api.log'))),
  });
  const base = await freePortBase();
  const ports = portsFrom(base);
  const dataDir = path.join(dir, 'stack');
  const run = npmStart(['--upstream', api.url, '--port', String(base), '--data', dataDir], {
    // What the upstream offers, as its operator would set it.
    ...Object.fromEntries(
      Object.entries(capabilityParamsOf(FLAVOUR_BY_NAME[flavour])).map(([name, value]) => [
        name,
        String(value),
      ]),
    ),
    // Its files, on the API's origin or one of their own (a storage disk or CDN).
    UPSTREAM_FILE_ORIGINS: `${api.fileOrigin}/storage`,
    ...params,
  });
  const stop = async () => {
    await stopRun(run);
    await api.close();
  };
  try {
    await untilReady(run);
  } catch (error) {
    await stop();
    throw error;
  }
  const local = '127.0.0.1';
  const stack: StackInfo = {
    projectId: PROJECT_ID,
    urls: {
      app: `http://${local}:${ports.app}`,
      api: api.url,
      functions: `http://${local}:${ports.functions}`,
      auth: `http://${local}:${ports.auth}`,
    },
    rtdb: { host: local, port: ports.rtdb, namespace: DATABASE_NAMESPACE },
    admin: SEED_ADMIN,
    dataDir,
  };
  return { stack, api, stdout: run.stdout, stop };
}
