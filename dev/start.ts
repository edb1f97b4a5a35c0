import path from 'node:path';
import { parseArgs } from 'node:util';
import { SEED_ROLE_ADMINS } from './api/index.ts';
import { repoRoot } from './build.ts';
import { streamLogger } from './logger.ts';
import { DEFAULT_PORTS, PortInUseError, portsFrom, type StackPorts } from './ports.ts';
import {
  StackOptionError,
  startStack,
  startUpstreamStack,
  UPSTREAM_DATA_FOLDER,
  functionParamsFrom,
  type UpstreamStack,
} from './stack.ts';

// `npm start [-- --reset] [-- --port 6000] [-- --data <folder>]`: the whole product locally,
// offline, seeded; Ctrl-C stops it all. --port moves every port (the app on it, the other six
// just above), --data the data folder (.dev-data/ by default): a second stack can then run
// beside the first, as tests/e2e/start.test.ts does.
// `npm start -- --upstream <url>`: the same stack in front of an upstream API of one's own
// instead of dev/api (nothing seeded; its accounts sign in), data in .dev-data/upstream/ by
// default; every UPSTREAM_* variable of the environment (the upstream's capabilities, timeout)
// becomes a parameter of the functions. The URL is https, or http to this machine only, as the
// deployed functions require. --reset then empties only the local data; --users is refused.

interface StartOptions {
  reset: boolean;
  ports: StackPorts;
  dataDir: string;
  users?: number;
  upstream?: string;
}

function options(): StartOptions {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      port: { type: 'string' },
      data: { type: 'string' },
      users: { type: 'string' },
      upstream: { type: 'string' },
    },
  });
  const { upstream } = values;
  if (upstream !== undefined && values.users !== undefined) {
    throw new StackOptionError(
      '--users sizes the seed of the local API, and with --upstream there is none: leave --users out.',
    );
  }
  const local = path.join(repoRoot, '.dev-data');
  const defaultData = upstream === undefined ? local : path.join(local, UPSTREAM_DATA_FOLDER);
  return {
    reset: values.reset,
    ports: values.port === undefined ? DEFAULT_PORTS : portsFrom(Number(values.port)),
    dataDir: path.resolve(values.data ?? defaultData),
    ...(values.users === undefined ? {} : { users: Number(values.users) }),
    ...(upstream === undefined ? {} : { upstream }),
  };
}

const USAGE = '--reset, --port <number>, --data <folder>, --users <count>, --upstream <url>.';

/** What parseArgs throws for an unknown option or a missing value. */
function isUsageError(error: unknown): error is Error {
  return (
    error instanceof TypeError &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('ERR_PARSE_ARGS')
  );
}

const log = streamLogger('stack', process.stderr);

// Ctrl-C while the stack is starting stops it once it is up: the emulators run in a process
// group of their own (so a stop can reach their children), which the terminal's Ctrl-C misses.
let stack: UpstreamStack | undefined;
let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  console.log(stack ? '\nStopping…' : '\nStopping as soon as the stack is up…');
  void stack?.stop().then(() => process.exit(0));
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// The stack does not outlive npm start: when the process that ran this script dies without
// passing a signal on (kill -9 of tsx), this one is handed to another parent; stop as on Ctrl-C.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();

try {
  const { reset, ports, dataDir, users, upstream } = options();
  let admin: string;
  let roleAdmins: string | undefined;
  if (upstream === undefined) {
    const local = await startStack({
      ports,
      dataDir,
      reset,
      ...(users ? { seed: { users } } : {}),
      functionParams: functionParamsFrom(process.env, { upstream: false }),
      roles: true,
      log,
    });
    stack = local;
    admin = `${local.admin.email} / ${local.admin.password}`;
    roleAdmins = `Admins by role (same password): ${SEED_ROLE_ADMINS.map((a) => a.email).join(', ')}`;
  } else {
    stack = await startUpstreamStack({
      ports,
      dataDir,
      reset,
      upstream,
      functionParams: functionParamsFrom(process.env, { upstream: true }),
      log,
    });
    admin = 'sign in with an admin account of that API';
  }
  if (stopping) {
    await stack.stop();
    process.exit(0);
  }
  console.log(`App: ${stack.urls.app}`);
  console.log(`Upstream API: ${stack.urls.api}`);
  console.log(`Admin: ${admin}`);
  if (roleAdmins !== undefined) console.log(roleAdmins);
  console.log('Press Ctrl-C to stop.');
} catch (error) {
  if (
    error instanceof PortInUseError ||
    error instanceof RangeError ||
    error instanceof StackOptionError
  ) {
    console.error(error.message);
  } else if (isUsageError(error)) {
    console.error(`${error.message}. Options: ${USAGE}`);
  } else {
    console.error(
      `The local stack did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
}
