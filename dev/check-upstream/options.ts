import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  type Capabilities,
  capabilitiesFrom,
  type CapabilityParams,
  DEFAULT_CAPABILITY_PARAMS,
} from '../../functions/src/contracts/index.js';

/** The command line and environment of `npm run check-upstream`, read once and checked. */

export const USAGE = `Usage: npm run check-upstream -- <base-url> [--write --not-production --user <id>]

  <base-url>          the upstream API's base URL, as UPSTREAM_API_URL, e.g. https://api.example.com/api
  --write             also create, change and delete an invoice on --user and an empty group
  --not-production    required with --write: the upstream is not the production one
  --user <id>         the app user whose invoices --write may add to (and remove from)

Environment: UPSTREAM_ADMIN_EMAIL and UPSTREAM_ADMIN_PASSWORD (an admin account), and the
capability parameters as they will be deployed (${Object.keys(DEFAULT_CAPABILITY_PARAMS).join(', ')}).
See dev/check-upstream/README.md.`;

export interface Options {
  baseUrl: string;
  email: string;
  password: string;
  params: CapabilityParams;
  capabilities: Capabilities;
  /** The round trips of --write, on the invoices of this user. */
  write?: { userId: number };
}

export type Env = Readonly<Record<string, string | undefined>>;

const required = (name: string) =>
  z
    .string({ error: `${name} is not set` })
    .trim()
    .min(1, `${name} is empty`);

const flag = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['true', 'false'], { error: `${name} must be true or false` }))
    .transform((value) => value === 'true');

const envSchema = z.object({
  UPSTREAM_ADMIN_EMAIL: required('UPSTREAM_ADMIN_EMAIL'),
  UPSTREAM_ADMIN_PASSWORD: z
    .string({ error: 'UPSTREAM_ADMIN_PASSWORD is not set' })
    .min(1, 'UPSTREAM_ADMIN_PASSWORD is empty'),
  // Unset: the default the functions deploy with.
  UPSTREAM_CURRENT_USER_PATH: z
    .string()
    .default(DEFAULT_CAPABILITY_PARAMS.UPSTREAM_CURRENT_USER_PATH),
  UPSTREAM_CURRENT_USER_ENVELOPE: flag('UPSTREAM_CURRENT_USER_ENVELOPE').default(
    DEFAULT_CAPABILITY_PARAMS.UPSTREAM_CURRENT_USER_ENVELOPE,
  ),
  UPSTREAM_REGISTRATION: flag('UPSTREAM_REGISTRATION').default(
    DEFAULT_CAPABILITY_PARAMS.UPSTREAM_REGISTRATION,
  ),
  UPSTREAM_PASSWORD_REQUEST: flag('UPSTREAM_PASSWORD_REQUEST').default(
    DEFAULT_CAPABILITY_PARAMS.UPSTREAM_PASSWORD_REQUEST,
  ),
  UPSTREAM_PRICE_DAY_PARAM: z.string().default(DEFAULT_CAPABILITY_PARAMS.UPSTREAM_PRICE_DAY_PARAM),
  UPSTREAM_EMPTY_GROUP: flag('UPSTREAM_EMPTY_GROUP').default(
    DEFAULT_CAPABILITY_PARAMS.UPSTREAM_EMPTY_GROUP,
  ),
});

const baseUrlSchema = z
  .string({ error: 'the upstream base URL is missing' })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: 'the upstream base URL must be an http(s) URL, e.g. https://api.example.com/api',
  });

/** The options, or the reason (one line) they cannot be used: a usage error. */
export function readOptions(argv: readonly string[], env: Env): Options | { error: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        write: { type: 'boolean', default: false },
        'not-production': { type: 'boolean', default: false },
        user: { type: 'string' },
      },
    });
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const { positionals, values } = parsed;
  if (positionals.length > 1) return { error: `one base URL, not ${positionals.length}` };
  const baseUrl = baseUrlSchema.safeParse(positionals[0]);
  if (!baseUrl.success) return { error: firstMessage(baseUrl.error) };
  const read = envSchema.safeParse(env);
  if (!read.success) return { error: firstMessage(read.error) };
  const { UPSTREAM_ADMIN_EMAIL: email, UPSTREAM_ADMIN_PASSWORD: password, ...params } = read.data;
  let capabilities: Capabilities;
  try {
    capabilities = capabilitiesFrom(params);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const options: Options = { baseUrl: baseUrl.data, email, password, params, capabilities };
  if (!values.write) {
    return values.user === undefined && !values['not-production']
      ? options
      : { error: '--user and --not-production go with --write' };
  }
  if (!values['not-production']) {
    return {
      error:
        '--write creates and deletes records upstream: refused without --not-production (never run it against production)',
    };
  }
  const userId = z.coerce.number().int().positive().safeParse(values.user);
  if (values.user === undefined || !userId.success) {
    return {
      error: '--write needs --user <id>: the app user whose invoices it may add to and remove from',
    };
  }
  return { ...options, write: { userId: userId.data } };
}

function firstMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'invalid options';
}
