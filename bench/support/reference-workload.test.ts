import { describe, expect, it } from 'vitest';
import { timedReferenceWorkload } from './reference-workload.ts';

describe('timedReferenceWorkload', () => {
  it('does the same work every time: the same checksum for the same size', () => {
    const first = timedReferenceWorkload(2_000);
    expect(timedReferenceWorkload(2_000).checksum).toBe(first.checksum);
    expect(timedReferenceWorkload(3_000).checksum).not.toBe(first.checksum);
  });

  it('runs from its own source alone, as the browser receives it', () => {
    // page.evaluate sends the function's text: it must not lean on anything around it.
    const rebuilt = new Function(
      `return (${timedReferenceWorkload.toString()})`,
    )() as typeof timedReferenceWorkload;
    expect(rebuilt(2_000).checksum).toBe(timedReferenceWorkload(2_000).checksum);
  });
});
