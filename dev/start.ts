import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './build.ts';
import { streamLogger } from './logger.ts';
import { DEFAULT_PORTS, PortInUseError } from './ports.ts';
import { startStack } from './stack.ts';

// `npm start [-- --reset]`: the whole product locally, offline, seeded; Ctrl-C stops it all.
const { values } = parseArgs({
  options: {
    reset: { type: 'boolean', default: false },
    users: { type: 'string' },
  },
});

const log = streamLogger('stack', process.stderr);
const users = values.users === undefined ? undefined : Number(values.users);

try {
  const stack = await startStack({
    ports: DEFAULT_PORTS,
    dataDir: path.join(repoRoot, '.dev-data'),
    reset: values.reset,
    ...(users ? { seed: { users } } : {}),
    log,
  });
  console.log(`App: ${stack.urls.app}`);
  console.log(`Upstream API: ${stack.urls.api}`);
  console.log(`Admin: ${stack.admin.email} / ${stack.admin.password}`);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    void stack.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof PortInUseError) {
    console.error(error.message);
  } else {
    console.error(
      `The local stack did not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
}
