import type { OperationSpec } from '../../../shared/catalogue';

function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

const usable = (value: unknown): string | null =>
  (typeof value === 'string' && value.trim() !== '') || (typeof value === 'number' && Number.isFinite(value)) ? String(value) : null;

/**
 * The parameters that fetch the next page, read from a response's `data`: each at its
 * documented place first, then at the known places. Null when any is missing, so "load
 * more" is offered only when it can work.
 */
export function findNextPage(operation: OperationSpec, data: unknown): Record<string, string> | null {
  if (!operation.pagination) return null;
  const next: Record<string, string> = {};
  for (const feed of operation.pagination.feeds) {
    const found = [...feed.documentedAt, ...feed.alsoLookAt].map((place) => usable(valueAt(data, place))).find((v) => v !== null);
    if (!found) return null;
    next[feed.param] = found;
  }
  // Explicit "no more" flags win over a stale value.
  const flags = ['has_more', 'hasMore', 'more_available', 'paging_info.more_available'].map((place) => valueAt(data, place));
  if (flags.some((flag) => flag === false || flag === 0)) return null;
  return next;
}
