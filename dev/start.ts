import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './build.ts';
import { streamLogger } from './logger.ts';
import { DEFAULT_PORTS, PortInUseError, portsFrom, type StackPorts } from './ports.ts';
import { startStack, type Stack } from './stack.ts';

// `npm start [-- --reset] [-- --port 6000] [-- --data <folder>]`: the whole product locally,
// offline, seeded; Ctrl-C stops it all. --port moves every port (the app on it, the other six
// just above), --data the data folder (.dev-data/ by default): a second stack can then run
// beside the first, as tests/e2e/start.test.ts does.
function options(): { reset: boolean; ports: StackPorts; dataDir: string; users?: number } {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      port: { type: 'string' },
      data: { type: 'string' },
      users: { type: 'string' },
    },
  });
  return {
    reset: values.reset,
    ports: values.port === undefined ? DEFAULT_PORTS : portsFrom(Number(values.port)),
    dataDir: path.resolve(values.data ?? path.join(repoRoot, '.dev-data')),
    ...(values.users === undefined ? {} : { users: Number(values.users) }),
  };
}

const USAGE = '--reset, --port <number>, --data <folder>, --users <count>.';

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
let stack: Stack | undefined;
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
  const { reset, ports, dataDir, users } = options();
  stack = await startStack({
    ports,
    dataDir,
    reset,
    ...(users ? { seed: { users } } : {}),
    log,
  });
  if (stopping) {
    await stack.stop();
    process.exit(0);
  }
  console.log(`App: ${stack.urls.app}`);
  console.log(`Upstream API: ${stack.urls.api}`);
  console.log(`Admin: ${stack.admin.email} / ${stack.admin.password}`);
  console.log('Press Ctrl-C to stop.');
} catch (error) {
  if (error instanceof PortInUseError || error instanceof RangeError) {
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
