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

/** A memory option in bytes: '512MiB', '1GiB'. */
export function memoryBytes(option: MemoryOption): number {
  const match = /^(\d+)(MiB|GiB)$/.exec(option);
  if (match === null) throw new Error(`Not a memory option: ${option}`);
  return Number(match[1]) * 1024 ** (match[2] === 'GiB' ? 3 : 2);
}
