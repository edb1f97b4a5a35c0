import { type FuelPrice, NONE } from '../../functions/src/contracts/index.js';
import { type Ids, READ_CALLS } from './calls.js';
import { upstream, type Upstream } from './http.js';
import { type Env, type Options, readOptions, USAGE } from './options.js';
import { currentUserLine, emptyGroupLine, priceDayLine, signedOutLines } from './probes.js';
import { EXIT, exitCode, formatLine, type Line, summary } from './report.js';
import { loginOutcome, transportOutcome } from './verdict.js';
import { writePlan, writeRoundTrips } from './write.js';

/**
 * `npm run check-upstream`: whether an upstream API answers every call as the product reads
 * it, under the capability parameters that will be deployed. Prints a line per call as it goes
 * and resolves to the exit code.
 */

export interface CheckDeps {
  fetch: typeof fetch;
  out: { write(text: string): unknown };
  now: () => Date;
}

export async function checkUpstream(
  argv: readonly string[],
  env: Env,
  deps: CheckDeps,
): Promise<number> {
  const options = readOptions(argv, env);
  if ('error' in options) {
    deps.out.write(`check-upstream: ${options.error}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const lines: Line[] = [];
  const report = (line: Line) => {
    lines.push(line);
    deps.out.write(`${formatLine(line)}\n`);
  };
  deps.out.write(`${header(options)}\n`);
  await runChecks(options, deps, report);
  deps.out.write(`\n${summary(lines)}\n`);
  return exitCode(lines);
}

async function runChecks(options: Options, deps: CheckDeps, report: (line: Line) => void) {
  // First: a deployment with this URL would be refused, however well the upstream answers.
  report({ subject: 'UPSTREAM_API_URL', ...transportOutcome(options.baseUrl) });
  const signedOut = upstream(deps.fetch, options.baseUrl);
  const login = loginOutcome(
    await signedOut.call('POST', 'login', {
      // No device id: signing in must not add a push device to the admin's account.
      json: { email: options.email, password: options.password, device_id: '' },
    }),
  );
  report({ subject: 'POST /login', ...login.outcome });
  if (login.token === undefined) {
    report({
      subject: 'the other calls',
      mark: 'info',
      text: 'not checked: they need an admin signed in',
    });
    return;
  }
  const signedIn = signedOut.signedIn(login.token);
  const { ids, price } = await readCalls(signedIn, options, deps.now(), report);
  const { capabilities } = options;
  report(await currentUserLine(signedIn, capabilities.currentUser));
  for (const line of await signedOutLines(signedOut, capabilities)) report(line);
  report(await priceDayLine(signedIn, ids, capabilities.priceDayParam, price));
  report(emptyGroupLine(capabilities.emptyGroup));
  if (options.write !== undefined) {
    const stamp = deps.now().toISOString();
    deps.out.write(`\n${writePlan(options.write.userId, stamp)}\n`);
    await writeRoundTrips(signedIn, options.write.userId, stamp, report);
  }
}

/** Every read of the original API, each later one on the first ids the earlier lists gave. */
async function readCalls(
  signedIn: Upstream,
  options: Options,
  now: Date,
  report: (line: Line) => void,
): Promise<{ ids: Ids; price: FuelPrice | null | undefined }> {
  let ids: Ids = {};
  let price: FuelPrice | null | undefined;
  // Yesterday in UTC: a day already begun in every time zone, so an upstream that saves prices
  // daily has them, wherever its "today" lies.
  const day = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const call of READ_CALLS) {
    const target = call.target(ids, options.capabilities.priceDayParam, day);
    if ('skip' in target) {
      report({ subject: call.name, mark: 'info', text: `not checked: ${target.skip}` });
      continue;
    }
    const read = call.classify(
      await signedIn.call('GET', target.path, { query: target.query ?? {} }),
    );
    report({ subject: call.name, ...read.outcome });
    ids = { ...ids, ...read.ids };
    if (read.price !== undefined) price = read.price;
  }
  return { ids, price };
}

function header({ baseUrl, email, capabilities: c }: Options): string {
  const currentUser = c.currentUser
    ? `GET ${c.currentUser.path}${c.currentUser.envelope ? ' (envelope)' : ' (bare)'}`
    : NONE;
  const on = (value: boolean) => (value ? 'on' : 'off');
  return [
    `Checking ${baseUrl} as ${email}`,
    `capabilities: current user ${currentUser}, registration ${on(c.registration)}, ` +
      `password request ${on(c.passwordRequest)}, price day ${c.priceDayParam ?? NONE}, ` +
      `empty group ${on(c.emptyGroup)}`,
    '',
  ].join('\n');
}
