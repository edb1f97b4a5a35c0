import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * zodResolver for a schema fetched on first validation, so a page can paint before the schema
 * library has arrived (the sign-in page's budget). Prefetch the module once the page is idle
 * (`whenIdle`).
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodMiniType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const schema = await load();
    return zodResolver(schema)(values, context, options);
  };
}
