/**
 * A fixed piece of work, the same in every run and on every machine: rows built, serialized,
 * parsed and sorted, as a screen does with a large API reply. It is self-contained (no import,
 * no closure, no helper) so that the browser can run it as it is, and it answers a checksum so
 * that no engine can skip the work.
 */
export function timedReferenceWorkload(size: number): { ms: number; checksum: number } {
  const started = performance.now();
  const rows: { id: number; name: string; score: number }[] = [];
  let seed = 1;
  for (let i = 0; i < size; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    rows.push({ id: i, name: `user-${seed.toString(36)}`, score: seed % 1000 });
  }
  const parsed = JSON.parse(JSON.stringify(rows)) as typeof rows;
  parsed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
  let checksum = 0;
  for (let i = 0; i < parsed.length; i += 97) {
    checksum = (checksum + (parsed[i]?.score ?? 0) * i) % 1_000_003;
  }
  return { ms: performance.now() - started, checksum };
}
