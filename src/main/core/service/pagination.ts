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
 * Where services say a listing has ended. The spec shows none, so these are the spellings
 * platforms use (a has-more count, a GraphQL-style page_info); a stale cursor often stays
 * beside them.
 */
const END_FLAGS = [
  'has_more',
  'hasMore',
  'more_available',
  'paging_info.more_available',
  'has_next_page',
  'hasNextPage',
  'page_info.has_next_page',
  'pageInfo.hasNextPage',
  'paging.has_next_page',
];

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
  if (END_FLAGS.map((place) => valueAt(data, place)).some((flag) => flag === false || flag === 0)) return null;
  return next;
}

/**
 * The next page after a request that sent `sent` (Gleaner's parameter names). A next page
 * whose values are the ones just sent would fetch the same page again, and again, each time
 * spending a request: it is not offered, and the warning says why the listing stops there.
 */
export function nextPageAfter(
  operation: OperationSpec,
  data: unknown,
  sent: Readonly<Record<string, string>>,
): { nextPage: Record<string, string> | null; warnings: string[] } {
  const nextPage = findNextPage(operation, data);
  if (!nextPage) return { nextPage, warnings: [] };
  const names = Object.keys(nextPage);
  if (!names.every((name) => sent[name] === nextPage[name])) return { nextPage, warnings: [] };
  return {
    nextPage: null,
    warnings: [
      `The service gave the same next-page ${names.length === 1 ? 'value' : 'values'} (${names.join(', ')}) as the request for this page, so no further page is asked for: the listing may end here.`,
    ],
  };
}
