/**
 * Cases listed from database.rules.json itself rather than by hand, so a rule added or loosened
 * later is tried too: every rule that grants on the admin role refuses a token whose role is
 * 'user' (with a recorded session and every role, so the role claim is all that differs), and
 * every length limit lets a value of exactly that length through and refuses one character
 * more, as the shared contracts do. Each probe is replayed with targaryen, the offline engine's
 * evaluator.
 */
import { describe, expect, it } from 'vitest';
import {
  adminEntrySchema,
  alertSchema,
  chatMessageSchema,
  deskPresenceSchema,
  deviceTokenEntrySchema,
  ROLES,
  scheduledAlertSchema,
} from '../../functions/src/contracts/index.js';
import type { RuleCase } from './rule-case.js';
import { evaluate, loadRules, type RulesNode } from './evaluate.js';
import {
  adminEntry,
  alert,
  deskPresence,
  identities,
  message,
  MEMBER_TOKEN,
  scheduled,
  seed,
  tokenEntry,
  worlds,
  type Who,
} from './fixture.js';

const definition = loadRules();
const now = Date.now();
/** What an admin grant reads: the role claim, and the session record beside it. */
const ADMIN_GRANT = /auth\.token\.role|'adminSessions'/;

interface RuleAt {
  /** Where the rule sits, wildcards and all: `/admins/$uid`. */
  node: string;
  kind: '.read' | '.write' | '.validate';
  expression: string;
}

function rulesOf(node: RulesNode, at = ''): RuleAt[] {
  return Object.entries(node).flatMap(([key, value]): RuleAt[] => {
    if ((key === '.read' || key === '.write' || key === '.validate') && typeof value === 'string') {
      return [{ node: at, kind: key, expression: value }];
    }
    if (key.startsWith('.') || typeof value !== 'object' || Array.isArray(value)) return [];
    return rulesOf(value, `${at}/${key}`);
  });
}

const rules = rulesOf(definition.rules);

/** A data path under a rules node: uid wildcards name `uid`, the others a key nobody wrote yet. */
function pathAt(node: string, uid: string): string {
  return node
    .split('/')
    .filter((key) => key !== '')
    .map((key) => {
      if (!key.startsWith('$')) return key;
      return key === '$uid' || key === '$userId' ? uid : 'probe';
    })
    .join('/');
}

/**
 * The seed with a session recorded for `userWithSession`, as the login exchange would for an
 * admin, and every role, so that only the role claim tells it from the owner.
 */
const withUserSession = {
  ...seed,
  adminRoles: {
    ...seed.adminRoles,
    [identities.userWithSession.uid]: {
      roles: Object.fromEntries(ROLES.map((role) => [role, true])),
      updatedAt: 1,
      updatedBy: 'deployment',
    },
  },
  adminSessions: {
    ...seed.adminSessions,
    [identities.userWithSession.uid]: {
      [identities.userWithSession.claims.session]: {
        at: 1,
        expiresAt: now + 3_600_000,
        tokenHash: 'h',
      },
    },
  },
};

/** What the rule at `rule` said while deciding `c` (undefined: it was not evaluated). */
function verdictOf(rule: RuleAt, c: RuleCase, data: unknown = seed) {
  const { allowed, hits } = evaluate(definition, c, now, data);
  const own = hits.filter((hit) => hit.id === `${rule.node}/${rule.kind}`);
  return { allowed, said: own.length === 0 ? undefined : own.every((hit) => hit.value) };
}

function probe(rule: RuleAt, who: Who, data: unknown = 'x'): RuleCase {
  const identity = identities[who];
  const path = pathAt(rule.node, identity === null ? 'probe' : identity.uid);
  const base = { who, expect: 'deny' as const, why: `probe of ${rule.node}/${rule.kind}` };
  return rule.kind === '.read' ? { ...base, op: 'get', path } : { ...base, op: 'set', path, data };
}

const adminGrants = rules.filter(
  (rule) => rule.kind !== '.validate' && ADMIN_GRANT.test(rule.expression),
);

describe("every rule that grants on the admin role, tried with role 'user'", () => {
  it('finds the admin-only reads and writes in the file', () => {
    expect(adminGrants.map((rule) => `${rule.node}/${rule.kind}`)).toEqual(
      expect.arrayContaining(['/admin/.read', '/groups/$groupId/groupChat/.read']),
    );
  });

  it.each(adminGrants.map((rule) => [`${rule.node}/${rule.kind}`, rule] as const))(
    '%s grants a live admin session, and refuses a lapsed one and a user with one',
    (_id, rule) => {
      // The admin's probe may still fail validation: what matters is that this rule granted it.
      // Admin 1 is the owner: where a parent's grant to owners hides the rule, it is reached
      // before roles, when the same admin holds no record.
      const said = [seed, worlds.beforeRoles]
        .map((data) => verdictOf(rule, probe(rule, 'admin'), data).said)
        .find((verdict) => verdict !== undefined);
      expect(said).toBe(true);
      expect(verdictOf(rule, probe(rule, 'userWithSession'), withUserSession)).toEqual({
        allowed: false,
        said: false,
      });
      expect(verdictOf(rule, probe(rule, 'userRole'))).toEqual({ allowed: false, said: false });
      // An admin token whose session is no longer recorded (signed out) is no admin either.
      expect(verdictOf(rule, probe(rule, 'signedOutAdmin'))).toEqual({
        allowed: false,
        said: false,
      });
      // Nor one whose session is recorded but has lapsed (an idle browser, a demoted admin).
      expect(verdictOf(rule, probe(rule, 'lapsedAdmin'))).toEqual({ allowed: false, said: false });
    },
  );
});

/** A valid record of each node whose fields have length limits, and the contract it obeys. */
const records: Record<string, { parse: (value: unknown) => boolean; examples: object[] }> = {
  '/admin': { parse: (v) => adminEntrySchema.safeParse(v).success, examples: [adminEntry()] },
  '/admins/$uid': { parse: (v) => adminEntrySchema.safeParse(v).success, examples: [adminEntry()] },
  '/deviceTokens/$userId/$slot': {
    parse: (v) => deviceTokenEntrySchema.safeParse(v).success,
    examples: [tokenEntry(MEMBER_TOKEN)],
  },
  '/groups/$groupId/groupChat/$messageId': {
    parse: (v) => chatMessageSchema.safeParse(v).success,
    examples: [message({ senderUID: '1', receiverUID: 'g1', messageID: 'm1' })],
  },
  '/deskPresence/$day/$uid': {
    parse: (v) => deskPresenceSchema.safeParse(v).success,
    examples: [deskPresence()],
  },
  '/notificationsAlert/$alertId': {
    parse: (v) => alertSchema.safeParse(v).success,
    examples: [
      alert({ notificationId: 'a', target: 'user', userId: '101' }),
      alert({ notificationId: 'a', target: 'group', groupId: 'g1' }),
    ],
  },
  '/scheduledAlerts/$scheduledId': {
    parse: (v) => scheduledAlertSchema.safeParse(v).success,
    examples: [
      { ...scheduled('s'), target: 'user', userId: '101' },
      { ...scheduled('s'), target: 'group', groupId: 'g1' },
    ],
  },
};

const minimums = rules.flatMap((rule) => {
  const found = rule.kind === '.validate' ? /\.length >= (\d+)/.exec(rule.expression) : null;
  return found === null ? [] : [{ rule, minimum: Number(found[1]) }];
});

const limits = rules.flatMap((rule) => {
  const found = rule.kind === '.validate' ? /\.length <= (\d+)/.exec(rule.expression) : null;
  return found === null ? [] : [{ rule, limit: Number(found[1]) }];
});

/** Fields that hold a web address: the rules take only http(s) ones. */
const ADDRESS = /\/groupChat\/\$messageId\/(url|thumbnail)$/;

/** A value of `length` characters the field at `node` would otherwise take: runs of 'x'. */
const filler = (node: string, length: number) =>
  ADDRESS.test(node)
    ? `https://${'x'.repeat(Math.max(0, length - 'https://'.length))}`
    : 'x'.repeat(length);

/** The identity whose write of `value` at the rule's node the rule judges (an admin, or the owner). */
function judged(rule: RuleAt, value: unknown) {
  for (const who of ['admin', 'member'] as const) {
    const { said } = verdictOf(rule, probe(rule, who, value));
    if (said !== undefined) return said;
  }
  return undefined;
}

/** The longest run of 'x' the contract takes in `field` of `example` (none: no limit). */
function contractLimit(
  record: { parse: (value: unknown) => boolean },
  example: object,
  field: string,
  node: string,
): number | undefined {
  const takes = (length: number) =>
    record.parse({ ...example, [field]: filler(`${node}/${field}`, length) });
  const unbounded = 100_000;
  const shortest = filler(`${node}/${field}`, 0).length + 1;
  if (!takes(shortest) || takes(unbounded)) return undefined;
  let [low, high] = [shortest, unbounded];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (takes(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * A field the rule pins to a key, the uid or a value the functions recorded
 * (`newData.val() === $messageId`, `=== root.child('adminSessions')…`) is bounded by it.
 */
const pinned = (at: string) =>
  rules.some(
    (rule) => rule.node === at && /^newData\.val\(\) === (\$|auth\.|root\.)/.test(rule.expression),
  );

/** Every string field the contracts bound, found by probing them, at the rules node it sits. */
const contractLimits = Object.entries(records).flatMap(([node, record]) => {
  const fields = new Map<string, number>();
  for (const example of record.examples) {
    for (const [field, value] of Object.entries(example)) {
      const limit =
        typeof value === 'string' ? contractLimit(record, example, field, node) : undefined;
      if (limit !== undefined) fields.set(field, limit);
    }
  }
  return [...fields]
    .map(([field, limit]) => ({ node: `${node}/${field}`, limit }))
    .filter(({ node: at }) => !pinned(at));
});

/** The shortest run of 'x' the contract takes in `field` of `example` (0, or none: no minimum). */
function contractMinimum(
  record: { parse: (value: unknown) => boolean },
  example: object,
  field: string,
): number | undefined {
  const shortest = Array.from({ length: 65 }, (_, length) => length).find((length) =>
    record.parse({ ...example, [field]: 'x'.repeat(length) }),
  );
  return shortest === 0 ? undefined : shortest;
}

/**
 * Every string field the contracts require a minimum length of, at the rules node it sits: the
 * rule there must refuse what the contract refuses, whether or not it states the minimum itself.
 */
const contractMinimums = Object.entries(records).flatMap(([node, record]) => {
  const fields = new Map<string, number>();
  for (const example of record.examples) {
    for (const [field, value] of Object.entries(example)) {
      const minimum =
        typeof value === 'string' ? contractMinimum(record, example, field) : undefined;
      if (minimum !== undefined) fields.set(field, minimum);
    }
  }
  return [...fields]
    .map(([field, minimum]) => ({ node: `${node}/${field}`, minimum }))
    .filter(({ node: at }) => !pinned(at));
});

describe('every length limit of the file', () => {
  it.each(contractLimits.map(({ node, limit }) => [`${node} ≤ ${limit}`, node, limit] as const))(
    'the contract bounds %s, and so does the rule there',
    (_title, node, limit) => {
      const rule: RuleAt = { node, kind: '.validate', expression: '' };
      expect(judged(rule, filler(node, limit))).toBe(true);
      expect(judged(rule, filler(node, limit + 1))).toBe(false);
    },
  );

  it('finds the limits', () => {
    expect(limits.length).toBeGreaterThanOrEqual(20);
  });

  it.each(limits.map(({ rule, limit }) => [`${rule.node} ≤ ${limit}`, rule, limit] as const))(
    '%s: the rule and the contract take the limit and refuse one more',
    (_title, rule, limit) => {
      expect(judged(rule, filler(rule.node, limit))).toBe(true);
      expect(judged(rule, filler(rule.node, limit + 1))).toBe(false);

      const parent = rule.node.slice(0, rule.node.lastIndexOf('/'));
      const field = rule.node.slice(parent.length + 1);
      const record = records[parent];
      expect(record, `no contract named for ${parent}`).toBeDefined();
      const example = record?.examples.find((e) => field in e);
      expect(example, `no example of ${parent} has ${field}`).toBeDefined();
      expect(record?.parse({ ...example, [field]: filler(rule.node, limit) })).toBe(true);
      expect(record?.parse({ ...example, [field]: filler(rule.node, limit + 1) })).toBe(false);
    },
  );
});

describe('every minimum length of the file', () => {
  it.each(
    contractMinimums.map(({ node, minimum }) => [`${node} ≥ ${minimum}`, node, minimum] as const),
  )('the contract requires %s, and so does the rule there', (_title, node, minimum) => {
    const rule: RuleAt = { node, kind: '.validate', expression: '' };
    expect(judged(rule, 'x'.repeat(minimum))).toBe(true);
    expect(judged(rule, 'x'.repeat(minimum - 1))).toBe(false);
  });

  it('finds the minimums', () => {
    expect(minimums.length).toBeGreaterThanOrEqual(4);
  });

  it.each(
    minimums.map(({ rule, minimum }) => [`${rule.node} ≥ ${minimum}`, rule, minimum] as const),
  )(
    '%s: the rule and the contract take the minimum and refuse one less',
    (_title, rule, minimum) => {
      expect(judged(rule, 'x'.repeat(minimum))).toBe(true);
      expect(judged(rule, 'x'.repeat(minimum - 1))).toBe(false);

      const parent = rule.node.slice(0, rule.node.lastIndexOf('/'));
      const field = rule.node.slice(parent.length + 1);
      const record = records[parent];
      const example = record?.examples.find((e) => field in e);
      expect(example, `no example of ${parent} has ${field}`).toBeDefined();
      expect(record?.parse({ ...example, [field]: 'x'.repeat(minimum) })).toBe(true);
      expect(record?.parse({ ...example, [field]: 'x'.repeat(minimum - 1) })).toBe(false);
    },
  );
});

describe('every string field the contracts bound', () => {
  it.each(contractLimits.map(({ node }) => node))(
    '%s refuses a number, and an object even when its length child is within the limit',
    (node) => {
      const rule: RuleAt = { node, kind: '.validate', expression: '' };
      expect(judged(rule, 7)).toBe(false);
      expect(judged(rule, { length: 1 })).toBe(false);
    },
  );
});

/**
 * Every number field of the contracts' records, at the rules node it sits (from the contracts,
 * so a rule that stops checking the type is still tried).
 */
const numberFields = Object.entries(records).flatMap(([node, record]) => [
  ...new Set(
    record.examples.flatMap((example) =>
      Object.entries(example).flatMap(([field, value]) =>
        typeof value === 'number' ? [`${node}/${field}`] : [],
      ),
    ),
  ),
]);

/** Number fields that hold a time to come (a send later), which a past time fails. */
const futureFields = new Set(['/scheduledAlerts/$scheduledId/sendAt']);

describe('every number field of the contracts', () => {
  it.each(numberFields.filter((node) => futureFields.has(node)))(
    '%s takes a whole number in the future and refuses a numeral string, a fraction or a past time',
    (node) => {
      const rule: RuleAt = { node, kind: '.validate', expression: '' };
      const soon = now + 60_000;
      expect(judged(rule, soon)).toBe(true);
      expect(judged(rule, String(soon))).toBe(false);
      expect(judged(rule, soon + 0.5)).toBe(false);
      expect(judged(rule, now - 1000)).toBe(false);
    },
  );

  it.each(numberFields.filter((node) => !futureFields.has(node)))(
    '%s takes a whole number and refuses a numeral string, a fraction or a negative number',
    (node) => {
      const rule: RuleAt = { node, kind: '.validate', expression: '' };
      // A second ago: within every window the rules allow a time in.
      const recent = now - 1000;
      expect(judged(rule, recent)).toBe(true);
      expect(judged(rule, String(recent))).toBe(false);
      expect(judged(rule, recent - 0.5)).toBe(false);
      expect(judged(rule, -1)).toBe(false);
    },
  );
});
