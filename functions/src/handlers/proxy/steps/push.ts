import { serveAudience, serveTestPush } from '../../push/index.js';
import { failureReply, MESSAGES, type ProxyReply } from '../../upstream/index.js';
import { countingDeps, currentUserOf } from '../own-calls.js';
import { single } from '../failures.js';
import { fileBasesOf, type Call, type TargetOf } from '../types.js';

export function audience(
  target: TargetOf<'audience'>,
  { request, deps }: Call,
): Promise<ProxyReply> {
  const { mirror } = deps;
  return serveAudience(
    { authorization: single(request.headers.authorization), search: target.search },
    {
      getMe: currentUserOf(deps, request.signal),
      logger: deps.logger,
      countingFor: mirror && ((bearer) => countingDeps(mirror, bearer, deps)),
    },
  );
}

export async function testPush(_target: unknown, { request, deps }: Call): Promise<ProxyReply> {
  if (deps.testPush === undefined) return failureReply(503, MESSAGES.databaseUnavailable);
  return serveTestPush(
    { authorization: single(request.headers.authorization), body: request.body },
    {
      ...deps.testPush,
      fileBases: fileBasesOf(deps),
      getMe: currentUserOf(deps, request.signal),
    },
  );
}
