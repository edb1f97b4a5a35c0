import type { AlertChunk, ChunkQueue } from '../handlers/push/index.js';

/**
 * A ChunkQueue that keeps what it is given, a chunk once however often it is enqueued (as Cloud
 * Tasks keeps one task per name), for the test to run in order with `next()`.
 */
export function fakeChunkQueue() {
  const named = new Set<string>();
  const waiting: AlertChunk[] = [];
  const queue: ChunkQueue & { enqueued: AlertChunk[]; next(): AlertChunk | undefined } = {
    enqueued: [],
    async enqueue(chunk) {
      const name = `${chunk.alertId}-${chunk.index}`;
      if (named.has(name)) return;
      named.add(name);
      queue.enqueued.push(chunk);
      waiting.push(chunk);
    },
    next: () => waiting.shift(),
  };
  return queue;
}
