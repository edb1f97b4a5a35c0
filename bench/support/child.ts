import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { z } from 'zod';

/** Memory of a process, in bytes (process.memoryUsage()). */
export const memorySchema = z.object({
  rss: z.number(),
  heapUsed: z.number(),
  external: z.number(),
  arrayBuffers: z.number(),
});
export type Memory = z.infer<typeof memorySchema>;

export function memoryNow(): Memory {
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, external, arrayBuffers };
}

export function maxMemory(a: Memory, b: Memory): Memory {
  return {
    rss: Math.max(a.rss, b.rss),
    heapUsed: Math.max(a.heapUsed, b.heapUsed),
    external: Math.max(a.external, b.external),
    arrayBuffers: Math.max(a.arrayBuffers, b.arrayBuffers),
  };
}

/**
 * Highest memory seen since the last reset, sampled every `everyMs` and whenever `sample()` is
 * called (from inside the work, where a timer cannot run).
 */
export function createPeakMeter(everyMs = 5) {
  let peak = memoryNow();
  const sample = () => {
    peak = maxMemory(peak, memoryNow());
  };
  const timer = setInterval(sample, everyMs);
  return {
    sample,
    reset(): Memory {
      peak = memoryNow();
      return peak;
    },
    peak(): Memory {
      sample();
      return peak;
    },
    stop: () => clearInterval(timer),
  };
}

export interface Child<M> {
  process: ChildProcess;
  send(message: unknown): void;
  /** The next message the child sends, parsed; rejects if the child exits first. */
  next(timeoutMs?: number): Promise<M>;
  stop(): Promise<void>;
}

/**
 * A TypeScript module in its own Node process (through tsx), talking over IPC, so its memory
 * figures are its own. Its stdout and stderr go to `logFile`.
 */
export function forkChild<M>(
  file: string,
  schema: z.ZodType<M>,
  options: { logFile: string; execArgv?: string[] },
): Child<M> {
  const log = fs.openSync(options.logFile, 'a');
  const child = fork(file, [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    stdio: ['ignore', log, log, 'ipc'],
  });
  const queue: M[] = [];
  const waiting: { resolve: (m: M) => void; reject: (e: Error) => void }[] = [];
  let exited: Error | null = null;
  child.on('message', (raw) => {
    const message = schema.parse(raw);
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(message);
    else queue.push(message);
  });
  child.on('exit', (code, signal) => {
    fs.closeSync(log);
    exited = new Error(`${file} exited (${signal ?? code}); see ${options.logFile}`);
    for (const waiter of waiting.splice(0)) waiter.reject(exited);
  });
  return {
    process: child,
    send: (message) => child.send(message as object),
    next(timeoutMs = 120_000) {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      if (exited) return Promise.reject(exited);
      return new Promise<M>((resolve, reject) => {
        const timer = setTimeout(() => {
          const at = waiting.findIndex((w) => w.resolve === done);
          if (at >= 0) waiting.splice(at, 1);
          reject(new Error(`${file} sent nothing in ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (message: M) => {
          clearTimeout(timer);
          resolve(message);
        };
        waiting.push({
          resolve: done,
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
