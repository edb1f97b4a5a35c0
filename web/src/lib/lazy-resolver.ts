import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/** The resolver's module, to prefetch once the page is idle. */
export const loadZodResolver = () => import('@hookform/resolvers/zod');

/**
 * zodResolver (and the schema) fetched on first validation, so a page can paint before the schema
 * library has arrived (the sign-in page's budget). Prefetch both once the page is idle
 * (`whenIdle`).
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodMiniType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const [schema, { zodResolver }] = await Promise.all([load(), loadZodResolver()]);
    return zodResolver(schema)(values, context, options);
  };
}
