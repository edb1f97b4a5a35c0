import {
  declaredTooLarge,
  failureReply,
  jsonReply,
  MESSAGES,
  type ProxyReply,
} from '../upstream/index.js';
import { parseRequestTarget } from './request-target.js';
import { methodNotAllowed } from './failures.js';
import { answerApi } from './steps/api.js';
import { noSuchFile, proxyFile } from './steps/files.js';
import {
  currentUser,
  firebaseToken,
  renewSession,
  signOut,
  signOutOfAll,
} from './steps/sessions.js';
import { audience, testPush } from './steps/push.js';
import { removeChatMessage } from './steps/chat-message.js';
import { answerAdmins } from './steps/admins.js';
import { answerChanges } from './steps/changes.js';
import { answerRevert } from './steps/revert.js';
import type { Call, ProxyDeps, ProxyRequest, Step, TargetKind, TargetOf } from './types.js';

/**
 * The `api` function: a proxy to the upstream REST API (the browser never calls it directly) that
 * only ever calls the configured upstream, adds the admin login exchange, serves upstream files
 * over our own origin, and feeds the user mirror. Framework-free, so Cloud Functions and a plain
 * node:http server (tests, benchmark) run the same code.
 */

interface Route<K extends TargetKind> {
  /** The methods the route answers; every other gets 405. `any`: every method reaches the step. */
  methods: readonly string[] | 'any';
  step: Step<K>;
}

/** Every kind of request target, with the methods it answers and the step that answers it. */
const ROUTES: { readonly [K in TargetKind]: Route<K> } = {
  api: { methods: 'any', step: answerApi },
  files: { methods: ['GET', 'HEAD'], step: proxyFile },
  'not-a-file': { methods: 'any', step: noSuchFile },
  capabilities: { methods: ['GET'], step: capabilities },
  'current-user': { methods: ['GET'], step: currentUser },
  'firebase-token': { methods: ['POST'], step: firebaseToken },
  'sign-out': { methods: ['POST'], step: signOut },
  'sign-out-everywhere': { methods: ['POST'], step: signOutOfAll },
  'renew-session': { methods: ['POST'], step: renewSession },
  audience: { methods: ['GET'], step: audience },
  'test-push': { methods: ['POST'], step: testPush },
  'chat-message': { methods: ['DELETE'], step: removeChatMessage },
  admins: { methods: ['GET'], step: answerAdmins },
  'admin-roles': { methods: ['PUT'], step: answerAdmins },
  'admin-sessions': { methods: ['DELETE'], step: answerAdmins },
  'default-roles': { methods: ['PUT'], step: answerAdmins },
  'change-policy': { methods: ['PUT'], step: answerChanges },
  'change-requests': { methods: ['POST'], step: answerChanges },
  'change-decision': { methods: ['POST'], step: answerChanges },
  'audit-revert': { methods: ['POST'], step: answerRevert },
};

/** Routes a request the `api` function received to the step that answers it. */
export async function handleProxyRequest(
  request: ProxyRequest,
  deps: ProxyDeps,
): Promise<ProxyReply> {
  const target = parseRequestTarget(request.url);
  if (target === null) return failureReply(400, MESSAGES.badPath);
  if (declaredTooLarge(request.body, deps.maxBodyBytes)) {
    return failureReply(413, MESSAGES.tooLarge(deps.maxBodyBytes));
  }
  return answer(target.kind, target, { method: request.method.toUpperCase(), request, deps });
}

// Generic in the kind, so that the route looked up is typed for the very target it is handed.
function answer<K extends TargetKind>(
  kind: K,
  target: TargetOf<K>,
  call: Call,
): ProxyReply | Promise<ProxyReply> {
  const route: Route<K> = ROUTES[kind];
  if (route.methods !== 'any' && !route.methods.includes(call.method)) {
    return methodNotAllowed(route.methods.join(', '));
  }
  return route.step(target, call);
}

function capabilities(_target: unknown, { deps }: Call): ProxyReply {
  return jsonReply(200, { metadata: { success: 1, message: '' }, payload: deps.capabilities });
}
