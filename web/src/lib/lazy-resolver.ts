import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * zodResolver for a schema fetched on first validation, so a page can paint before the schema
 * library has arrived (the sign-in page's budget). Prefetch the module when the page is idle.
 */
export function lazyZodResolver<Input extends FieldValues, Output>(
  load: () => Promise<z.ZodMiniType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  return async (values, context, options) => {
    const schema = await load();
    return zodResolver(schema)(values, context, options);
  };
}

/** Runs `task` once the browser is idle (soon, where idle callbacks do not exist). */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 200);
  return () => window.clearTimeout(timer);
}
