/**
 * The order of a shared collection, the same on every desk whatever order changes arrived in.
 * Each item's place is the last position the hub's log gave it (every desk reads the log in the
 * same order); items given the same position on two desks (both appended offline, say) are
 * ordered by the desk that placed them, then by the item's key, and spread apart by a step far
 * smaller than any gap a person's move makes, so the local order (position, then local id) agrees.
 */
export interface PlacedByHub {
  itemCanon: string;
  position: number;
  deskId: string;
}

/** Far below the 0.5 a midpoint of neighbouring whole places gives, far above a double's rounding at a few million. */
const TIE_STEP = 1e-7;

const compare = (a: PlacedByHub, b: PlacedByHub): number =>
  a.position - b.position ||
  (a.deskId < b.deskId ? -1 : a.deskId > b.deskId ? 1 : 0) ||
  (a.itemCanon < b.itemCanon ? -1 : a.itemCanon > b.itemCanon ? 1 : 0);

/** Each item's local position, in the merged order. */
export function mergeOrder(placed: readonly PlacedByHub[]): { itemCanon: string; position: number }[] {
  const sorted = [...placed].sort(compare);
  const merged: { itemCanon: string; position: number }[] = [];
  let tie = 0;
  sorted.forEach((entry, index) => {
    tie = index > 0 && sorted[index - 1]!.position === entry.position ? tie + 1 : 0;
    merged.push({ itemCanon: entry.itemCanon, position: entry.position + tie * TIE_STEP });
  });
  return merged;
}
