import type { MemoryOption } from 'firebase-functions/v2/options';

/**
 * What one instance of the `api` function gets, and how many requests it serves at once.
 * Cloud Functions reads each request's whole body into memory before the function runs, so
 * these and `PROXY_LIMITS.maxBodyBytes` go together: the arithmetic is in functions/README.md
 * ("Memory"), and api-instance.test.ts fails when one changes without the others.
 */
export const API_INSTANCE = {
  memory: '1GiB',
  // Serving more than one request at a time needs a whole CPU.
  cpu: 1,
  concurrency: 8,
} as const satisfies { memory: MemoryOption; cpu: number; concurrency: number };
