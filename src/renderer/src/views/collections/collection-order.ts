/** Pure helpers of the Collections view. */
import type { CollectionItem } from '../../../../shared/library';

/**
 * The rows shown after moving `itemId` by `delta` places, each keeping its number in the order;
 * null when the move cannot be shown from these rows alone (it starts or lands outside them, or
 * goes nowhere). The rows are the start of the order, as the view reads it, so a move within
 * them is exact; any other waits for the answer.
 */
export function movedRows(rows: readonly CollectionItem[], itemId: number, delta: number): CollectionItem[] | null {
  const from = rows.findIndex((row) => row.id === itemId);
  const to = from + delta;
  if (from < 0 || delta === 0 || to < 0 || to >= rows.length) return null;
  const ids = rows.map((row) => row.id);
  ids.splice(from, 1);
  ids.splice(to, 0, itemId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id, index) => ({ ...byId.get(id)!, position: rows[index]!.position }));
}

/** Rows read later added after those shown, without showing one twice (the order may have moved meanwhile). */
export function appendRows(shown: readonly CollectionItem[], more: readonly CollectionItem[]): CollectionItem[] {
  const have = new Set(shown.map((row) => row.id));
  return [...shown, ...more.filter((row) => !have.has(row.id))];
}
