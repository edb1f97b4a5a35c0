/**
 * The offline Realtime Database on its own, for manual use:
 *   npx tsx dev/rtdb/cli.ts --port 9000 --rules database.rules.json --data .dev-data/rtdb.json
 * With --functions-url and --project (and --namespace, default the project id), writes to that
 * namespace fire the Functions emulator's database triggers. Ctrl-C saves and stops.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startRtdb } from './index.js';

const argsSchema = z.object({
  host: z.string().default('127.0.0.1'),
  port: z.coerce.number().int().min(0).max(65535).default(9000),
  rules: z.string().default('database.rules.json'),
  data: z.string().optional(),
  'functions-url': z.url().optional(),
  project: z.string().optional(),
  namespace: z.string().optional(),
});

const { values } = parseArgs({
  options: {
    host: { type: 'string' },
    port: { type: 'string' },
    rules: { type: 'string' },
    data: { type: 'string' },
    'functions-url': { type: 'string' },
    project: { type: 'string' },
    namespace: { type: 'string' },
  },
});
const args = argsSchema.parse(values);
const functionsUrl = args['functions-url'];
if (functionsUrl !== undefined && args.project === undefined) {
  console.error('--functions-url needs --project (the project id the Functions emulator runs)');
  process.exit(2);
}

const logger = {
  info: (message: string) => console.log(message),
  warn: (message: string) => console.warn(message),
  error: (message: string) => console.error(message),
};

const rtdb = await startRtdb({
  host: args.host,
  port: args.port,
  rulesFile: args.rules,
  dataFile: args.data,
  triggers:
    functionsUrl === undefined || args.project === undefined
      ? undefined
      : { functionsUrl, projectId: args.project, namespace: args.namespace ?? args.project },
  logger,
});
console.log(
  `connectDatabaseEmulator(db, '${rtdb.host}', ${rtdb.port}); REST: http://${rtdb.host}:${rtdb.port}/.json?ns=<namespace>`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  rtdb.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
