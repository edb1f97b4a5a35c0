/** What a stack is started with, refused in one line before anything starts. */
import {
  capabilitiesFrom,
  DEFAULT_CAPABILITY_PARAMS,
  type CapabilityParams,
} from '../functions/src/contracts/upstream/capabilities.js';
import { parseUpstreamUrl } from '../functions/src/upstream-url.js';
import { parseFileBases } from '../functions/src/contracts/upstream/file-bases.js';

/** An option the stack cannot start with, said in one line; nothing has been started. */
export class StackOptionError extends Error {}

/** Refuses an upstream URL the functions would not proxy to. */
export function checkUpstreamUrl(upstream: string): void {
  try {
    parseUpstreamUrl(upstream);
  } catch (error) {
    throw new StackOptionError(`Cannot proxy to ${upstream}: ${messageOf(error)}`);
  }
}

/** The functions' parameter `npm start` takes from its environment in either mode. */
const SESSION_PARAM = 'ADMIN_SESSION_SECONDS';

/**
 * The functions' parameters `npm start` takes from its environment: the admin session lifetime
 * (ADMIN_SESSION_SECONDS), and before an upstream every UPSTREAM_* variable (its capabilities,
 * its timeout) but the URL, which is the option.
 */
export function functionParamsFrom(
  env: NodeJS.ProcessEnv,
  { upstream }: { upstream: boolean },
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const ofUpstream = upstream && name.startsWith('UPSTREAM_') && name !== 'UPSTREAM_API_URL';
    if (value !== undefined && (name === SESSION_PARAM || ofUpstream)) params[name] = value;
  }
  return params;
}

/**
 * Refuses, before anything starts, a parameter value the functions would misread or refuse
 * only once loaded: a line break (the values go into a .env file), a flag that is not exactly
 * true or false (anything else reads as false), a capability path or name capabilitiesFrom
 * refuses, a file base that is no http(s) URL, a timeout or session lifetime that is not a whole
 * number of seconds.
 */
export function checkFunctionParams(params: Record<string, string>): void {
  if ('UPSTREAM_API_URL' in params)
    throw new StackOptionError(
      'UPSTREAM_API_URL is the upstream the stack is given, not a parameter',
    );
  for (const [name, value] of Object.entries(params)) {
    if (/[\r\n]/.test(value)) throw new StackOptionError(`${name} must be one line`);
  }
  for (const name of ['UPSTREAM_TIMEOUT_SECONDS', SESSION_PARAM]) {
    const seconds = params[name];
    if (seconds !== undefined && !/^[1-9]\d*$/.test(seconds)) {
      throw new StackOptionError(
        `${name} must be a whole number of seconds: got ${JSON.stringify(seconds)}`,
      );
    }
  }
  const capabilities = capabilityParams(params);
  try {
    capabilitiesFrom(capabilities);
    // The API's own address does not change how the file bases are read.
    parseFileBases(params.UPSTREAM_FILE_ORIGINS ?? '', new URL('https://api.invalid/api'));
  } catch (error) {
    throw new StackOptionError(messageOf(error));
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The capability parameters as the functions read them; an unset one takes its default. */
function capabilityParams(params: Record<string, string>): CapabilityParams {
  const text = (name: 'UPSTREAM_CURRENT_USER_PATH' | 'UPSTREAM_PRICE_DAY_PARAM') =>
    params[name] ?? DEFAULT_CAPABILITY_PARAMS[name];
  const flag = (
    name:
      | 'UPSTREAM_CURRENT_USER_ENVELOPE'
      | 'UPSTREAM_REGISTRATION'
      | 'UPSTREAM_PASSWORD_REQUEST'
      | 'UPSTREAM_EMPTY_GROUP',
  ) => {
    const value = params[name];
    if (value === undefined) return DEFAULT_CAPABILITY_PARAMS[name];
    if (value !== 'true' && value !== 'false')
      throw new StackOptionError(`${name} must be true or false: got ${JSON.stringify(value)}`);
    return value === 'true';
  };
  return {
    UPSTREAM_CURRENT_USER_PATH: text('UPSTREAM_CURRENT_USER_PATH'),
    UPSTREAM_CURRENT_USER_ENVELOPE: flag('UPSTREAM_CURRENT_USER_ENVELOPE'),
    UPSTREAM_REGISTRATION: flag('UPSTREAM_REGISTRATION'),
    UPSTREAM_PASSWORD_REQUEST: flag('UPSTREAM_PASSWORD_REQUEST'),
    UPSTREAM_PRICE_DAY_PARAM: text('UPSTREAM_PRICE_DAY_PARAM'),
    UPSTREAM_EMPTY_GROUP: flag('UPSTREAM_EMPTY_GROUP'),
  };
}
