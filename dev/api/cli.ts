import { parseArgs } from 'node:util';
import { z } from 'zod';
import { streamLogger } from '../logger.js';
import { chooseFlavour, type Flavour } from './flavour.js';
import { SEED_ADMIN, SEED_APP_USER, startApi } from './index.js';

// npx tsx dev/api/cli.ts --port 5050 --data .dev-data/api [--reset] [--users 100000] [--group-members-max 5000]
//   [--flavour reference|laravel] (else FUEL_API_FLAVOUR, else reference)
const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '5050' },
    data: { type: 'string', default: '.dev-data/api' },
    reset: { type: 'boolean', default: false },
    users: { type: 'string' },
    'group-members-max': { type: 'string' },
    'app-origin': { type: 'string' },
    flavour: { type: 'string' },
  },
});

const count = z.coerce.number().int().positive();
const args = z
  .object({
    host: z.string().min(1),
    port: z.coerce.number().int().min(0).max(65_535),
    data: z.string().min(1),
    reset: z.boolean(),
    users: count.optional(),
    'group-members-max': count.optional(),
    'app-origin': z.url().optional(),
  })
  .safeParse(values);
if (!args.success) {
  console.error(`Bad arguments: ${z.prettifyError(args.error)}`);
  process.exit(2);
}
let flavour: Flavour;
try {
  flavour = chooseFlavour(values.flavour, process.env.FUEL_API_FLAVOUR);
} catch (error) {
  console.error(`Bad arguments: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

const api = await startApi({
  host: args.data.host,
  port: args.data.port,
  dataDir: args.data.data,
  reset: args.data.reset,
  seed: { users: args.data.users, groupMembersMax: args.data['group-members-max'] },
  ...(args.data['app-origin'] ? { appOrigin: args.data['app-origin'] } : {}),
  flavour: flavour.name,
  logger: streamLogger('api', process.stderr),
});
console.log(`Upstream API: ${api.url}`);
if (api.fileOrigin !== api.origin) console.log(`Stored files: ${api.fileOrigin}/storage/…`);
console.log(`Flavour: ${flavour.name}`);
console.log(`Admin: ${SEED_ADMIN.email} / ${SEED_ADMIN.password}`);
console.log(`App user: ${SEED_APP_USER.email} / ${SEED_APP_USER.password}`);

const stop = () => {
  void api.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
