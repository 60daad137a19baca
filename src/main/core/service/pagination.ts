import type { OperationSpec } from '../../../shared/catalogue';
import { checkParams, MAX_TEXT_LENGTH } from '../../../shared/params';
import { hasControlCharacters } from '../../../shared/text';

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

/** A next page the service named that Gleaner cannot ask for: its values as sent, and the sentence saying why. */
export interface RefusedPage {
  params: Record<string, string>;
  reason: string;
}

/**
 * Why the next request, `sent` with the page values `page` the service gave, could not be sent,
 * or null when it can: a value too long for a parameter, with control characters, or not of the
 * parameter's type. Such a value is the service's doing (the user typed none of it), so it is
 * said as such, never as the user's bad input.
 */
export function unsendablePage(
  operation: OperationSpec,
  sent: Readonly<Record<string, string>>,
  page: Readonly<Record<string, string>>,
): string | null {
  const names = Object.keys(page);
  const checked = checkParams(operation, { ...sent, ...page });
  if (checked.ok) return null;
  const problem = checked.problems.find((found) => found.param !== null && names.includes(found.param));
  if (!problem?.param) return null;
  const value = page[problem.param] ?? '';
  const what =
    value.length > MAX_TEXT_LENGTH
      ? `of ${value.length.toLocaleString('en-US')} characters, too long to send back (a parameter takes at most ${MAX_TEXT_LENGTH.toLocaleString('en-US')})`
      : hasControlCharacters(value)
        ? 'with control characters or line breaks in it, which cannot be sent back'
        : `that cannot be sent back (${problem.message.replace(/\.$/, '')})`;
  return `The service sent a next-page value (${problem.param}) ${what}, so no further page can be asked for: “Load more” is not offered and no request is spent on it.`;
}

/** The page values a later page's job carries (the parameters its listing's pages are fed by). */
export function pageValuesOf(operation: OperationSpec, params: Readonly<Record<string, string>>): Record<string, string> {
  const page: Record<string, string> = {};
  for (const feed of operation.pagination?.feeds ?? []) if (params[feed.param] !== undefined) page[feed.param] = params[feed.param]!;
  return page;
}

/**
 * The next page after a request that sent `sent` (Gleaner's parameter names). A next page
 * whose values are the ones just sent would fetch the same page again, and again, each time
 * spending a request: it is not offered, and the warning says why the listing stops there. Nor is
 * one Gleaner cannot send (unsendablePage): `refusedPage` keeps it, for a job that asked for more
 * pages to end with the reason.
 */
export function nextPageAfter(
  operation: OperationSpec,
  data: unknown,
  sent: Readonly<Record<string, string>>,
): { nextPage: Record<string, string> | null; warnings: string[]; refusedPage?: RefusedPage } {
  const nextPage = findNextPage(operation, data);
  if (!nextPage) return { nextPage, warnings: [] };
  const refused = unsendablePage(operation, sent, nextPage);
  if (refused !== null) return { nextPage: null, warnings: [refused], refusedPage: { params: nextPage, reason: refused } };
  const names = Object.keys(nextPage);
  if (!names.every((name) => sent[name] === nextPage[name])) return { nextPage, warnings: [] };
  return {
    nextPage: null,
    warnings: [
      `The service gave the same next-page ${names.length === 1 ? 'value' : 'values'} (${names.join(', ')}) as the request for this page, so no further page is asked for: the listing may end here.`,
    ],
  };
}
