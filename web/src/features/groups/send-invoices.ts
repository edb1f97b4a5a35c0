import { runPool } from '@/lib/pool';

/**
 * Send Invoice creates one report per member (POST /admin/user-report each), a few at a time
 * so a group of thousands neither floods the server nor takes forever.
 */
export const INVOICE_CONCURRENCY = 4;

export interface InvoiceFailure<M> {
  member: M;
  error: unknown;
}

export interface InvoiceOutcome<M> {
  created: M[];
  failed: InvoiceFailure<M>[];
}

export interface CreateReportsOptions<M> {
  members: readonly M[];
  create: (member: M, signal: AbortSignal) => Promise<unknown>;
  onProgress?: (done: number, total: number) => void;
  concurrency?: number;
  signal?: AbortSignal;
}

/** Runs every creation, at most `concurrency` at once; one failure never stops the others. */
export async function createReports<M>({
  members,
  create,
  onProgress,
  concurrency = INVOICE_CONCURRENCY,
  signal = new AbortController().signal,
}: CreateReportsOptions<M>): Promise<InvoiceOutcome<M>> {
  const created: M[] = [];
  const failed: InvoiceFailure<M>[] = [];
  let done = 0;
  await runPool(members, Math.max(1, concurrency), async (member) => {
    if (signal.aborted) return;
    try {
      await create(member, signal);
      created.push(member);
    } catch (error) {
      failed.push({ member, error });
    }
    done += 1;
    onProgress?.(done, members.length);
  });
  return { created, failed };
}
