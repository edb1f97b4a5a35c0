/**
 * What the product had to normalise in a reply it could read, found by comparing the raw JSON
 * with what the contract made of it: the operator learns which of the tolerances in
 * docs/upstream.md ("How replies are read") their upstream relies on. Pure.
 */

/** Field names per kind of normalisation, gathered over a whole reply. */
export interface Normalised {
  numbersAsText: Set<string>;
  zonelessTimes: Set<string>;
  daysWithTime: Set<string>;
}

export const noneNormalised = (): Normalised => ({
  numbersAsText: new Set(),
  zonelessTimes: new Set(),
  daysWithTime: new Set(),
});

// An ISO 8601 zone designator at the end: Z, +02:00, -0800, +02.
const ZONE = /(z|[+-]\d{2}(:?\d{2})?)$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Walks `parsed` (what the contract returned) beside `raw` (what arrived), adding to `into` the
 * name of each field whose value the contract changed. Only fields the contract names are
 * walked: zod leaves the others out of `parsed`.
 */
export function findNormalised(raw: unknown, parsed: unknown, into: Normalised, field = ''): void {
  if (typeof parsed === 'number' && typeof raw === 'string') {
    into.numbersAsText.add(field);
  } else if (typeof parsed === 'string' && typeof raw === 'string' && parsed !== raw) {
    if (DAY.test(parsed)) into.daysWithTime.add(field);
    else if (!ZONE.test(raw.trim())) into.zonelessTimes.add(field);
  } else if (Array.isArray(parsed) && Array.isArray(raw)) {
    parsed.forEach((item: unknown, index) => findNormalised(raw[index], item, into, field));
  } else if (isRecord(parsed) && isRecord(raw)) {
    for (const [key, value] of Object.entries(parsed)) findNormalised(raw[key], value, into, key);
  }
}

/** The notes a reply's normalisations give, e.g. `times without a zone (created_at): read as UTC`. */
export function normalisedNotes(found: Normalised): string[] {
  const notes: string[] = [];
  const fields = (names: Set<string>) => [...names].sort().join(', ');
  if (found.numbersAsText.size > 0) {
    notes.push(`numbers arrive as text (${fields(found.numbersAsText)}): read as numbers`);
  }
  if (found.zonelessTimes.size > 0) {
    notes.push(`times without a zone (${fields(found.zonelessTimes)}): read as UTC`);
  }
  if (found.daysWithTime.size > 0) {
    notes.push(
      `days arrive with a time (${fields(found.daysWithTime)}): their first ten characters are read`,
    );
  }
  return notes;
}

/** The offers' placing (docs/upstream.md, "Relations"): slots, or the order they come in. */
export function offerSlotNotes(offers: readonly { slot?: string | undefined }[]): string[] {
  const unslotted = offers.filter((offer) => offer.slot === undefined).length;
  if (unslotted === 0) return [];
  if (unslotted === 3 && offers.length === 3) {
    return ['offers without slot: read as first, second and third in the order sent'];
  }
  return [
    `${unslotted} offer(s) without slot: shown apart, each slot saying its image is not known`,
  ];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
