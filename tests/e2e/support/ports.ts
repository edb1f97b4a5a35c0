import { assertPortsFree, DEFAULT_PORTS, portsFrom } from '../../../dev/ports.ts';

/**
 * A base port for `npm start -- --port`, with every port the stack takes above it free too.
 * Below Linux's ephemeral range (32768-60999), where outgoing connections take ports.
 */
export async function freePortBase(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    try {
      await assertPortsFree(portsFrom(base));
      return base;
    } catch {
      // taken: try another
    }
  }
  throw new Error(`no ${Object.keys(DEFAULT_PORTS).length} free ports in a row`);
}
