/**
 * The REST API's query parameters, read into the same query the WebSocket protocol's gives, so
 * both are answered by one evaluator (`query.ts`).
 */
import { z } from 'zod';
import { MAX_NAME, MIN_NAME } from './path.js';
import { boundValue, indexFromName, type Bound, type Query } from './query.js';

const restValue = z.string().transform((text, ctx) => {
  try {
    return boundValue.parse(JSON.parse(text));
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `not a JSON string, number, boolean or null: ${text}`,
    });
    return z.NEVER;
  }
});

/** The REST API's query parameters (orderBy="$key", startAt=..., limitToLast=...), or null. */
export function fromRestQuery(params: URLSearchParams): Query | null {
  const orderBy = params.get('orderBy');
  if (orderBy === null) return null;
  const indexName = z.string().parse(JSON.parse(orderBy));
  const index = indexFromName(
    indexName === '$key'
      ? '.key'
      : indexName === '$value'
        ? '.value'
        : indexName === '$priority'
          ? '.priority'
          : indexName,
  );
  const bound = (name: string, inclusive: boolean): Bound | undefined => {
    const raw = params.get(name);
    if (raw === null) return undefined;
    // `startAt=value,"name"`: a value then, optionally, a key name for ties.
    const comma = raw.lastIndexOf(',');
    if (comma > 0) {
      try {
        const keyName = z.string().parse(JSON.parse(raw.slice(comma + 1)));
        return { value: restValue.parse(raw.slice(0, comma)), name: keyName, inclusive };
      } catch {
        // Not a name after the comma: the whole text is the value.
      }
    }
    return { value: restValue.parse(raw), name: undefined, inclusive };
  };
  // As the SDK's startAfter/endBefore: without a key name, skip every key of that value.
  const exclusive = (name: string, edge: string): Bound | undefined => {
    const found = bound(name, false);
    if (found === undefined || found.name !== undefined || index.kind === 'key') return found;
    return { ...found, name: edge };
  };
  const equal = bound('equalTo', true);
  const start = equal ?? bound('startAt', true) ?? exclusive('startAfter', MAX_NAME);
  const end = equal ?? bound('endAt', true) ?? exclusive('endBefore', MIN_NAME);
  const first = params.get('limitToFirst');
  const last = params.get('limitToLast');
  const count = (text: string) => z.coerce.number().int().nonnegative().parse(text);
  const limit =
    first !== null
      ? { count: count(first), fromLeft: true }
      : last !== null
        ? { count: count(last), fromLeft: false }
        : undefined;
  return { index, start, end, limit };
}
