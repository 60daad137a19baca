/**
 * What a watch run noticed, as pure functions over what the answers held: field edits, counts
 * that jumped, listing membership, and whether a failed fetch means the item is gone.
 */
import type { ErrorCode } from '../../../shared/errors';
import type { JobFailure } from '../store/queue/jobs';

export const VERSION_FIELDS = ['title', 'text', 'authorName'] as const;
export type VersionField = (typeof VERSION_FIELDS)[number];
export type VersionFields = Record<VersionField, string | null>;

/** The watched fields that differ between two answers (none for the first). */
export function changedFields(previous: VersionFields | null, current: VersionFields): VersionField[] {
  if (previous === null) return [];
  return VERSION_FIELDS.filter((field) => (previous[field] ?? null) !== (current[field] ?? null));
}

export const COUNT_FIELDS = ['views', 'likes', 'comments', 'reposts', 'shares', 'followers'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];
export type Counts = Record<CountField, number | null>;

/**
 * Counts that moved by at least `jump` (a share: 0.5 = 50 %) since the previous answer that had
 * them. A count from zero jumps when it reaches one or more (no share of zero exists).
 */
export function countJumps(previous: Counts | null, current: Counts, jump: number): { field: CountField; before: number; after: number }[] {
  if (previous === null) return [];
  const jumps: { field: CountField; before: number; after: number }[] = [];
  for (const field of COUNT_FIELDS) {
    const before = previous[field];
    const after = current[field];
    if (before === null || after === null || before === after) continue;
    const moved = before === 0 ? Number.POSITIVE_INFINITY : Math.abs(after - before) / before;
    if (moved >= jump) jumps.push({ field, before, after });
  }
  return jumps;
}

export interface ListedItem {
  itemId: number;
  /** ISO UTC, when the item has an exact time. */
  publishedAt: string | null;
}

export interface PreviouslyListed extends ListedItem {
  /** Where the previous answer listed it (0 first). */
  position: number;
}

/**
 * Which items a listing holds that it never held (new), and which it held that it should still
 * hold but does not (no longer listed). Only the pages fetched are read, so a missing item may
 * simply have moved to a later page; it is called gone only when the listing shows it should
 * still be there: the listing ended within the pages fetched (`complete`), an item listed below
 * it before is still listed, the listing got shorter (nothing was pushed off), or it is no older
 * than the oldest item fetched.
 */
export function membershipChanges(
  listedBefore: readonly PreviouslyListed[],
  knownIds: ReadonlySet<number>,
  current: readonly ListedItem[],
  complete: boolean,
): { added: number[]; gone: number[] } {
  const currentIds = new Set(current.map((item) => item.itemId));
  const added = [...new Set(current.filter((item) => !knownIds.has(item.itemId)).map((item) => item.itemId))];
  const dated = current.map((item) => item.publishedAt).filter((at): at is string => at !== null);
  const oldestFetched = dated.length > 0 ? dated.reduce((a, b) => (a < b ? a : b)) : null;
  const lowestStillListed = Math.max(-1, ...listedBefore.filter((item) => currentIds.has(item.itemId)).map((item) => item.position));
  const shrank = current.length < listedBefore.length;
  const gone = listedBefore
    .filter((item) => !currentIds.has(item.itemId))
    .filter(
      (item) =>
        complete ||
        shrank ||
        item.position < lowestStillListed ||
        (oldestFetched !== null && item.publishedAt !== null && item.publishedAt >= oldestFetched),
    )
    .map((item) => item.itemId);
  return { added, gone };
}

/** Failures that say nothing about the content: the way there, the budget, the token, the disk. */
const TRANSIENT_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'RATE_LIMITED',
  'UPSTREAM_UNAVAILABLE',
  'TIMEOUT',
  'NETWORK',
  'CANCELLED',
  'TOKEN_MISSING',
  'TOKEN_REJECTED',
  'TOKEN_ELSEWHERE',
  'SUBSCRIPTION_INACTIVE',
  'SECRET_STORE_UNAVAILABLE',
  'STORAGE_ERROR',
  'BUDGET_EXCEEDED',
  'MALFORMED_RESPONSE',
  'INTERNAL',
]);

/** Statuses that are about the moment, not the content (a 429, a time-out, the service's own trouble). */
const isTransientStatus = (status: number): boolean => status === 408 || status === 429 || status >= 500;

export interface GoneReading {
  gone: boolean;
  /** The service's own words, as far as the error kept them. */
  words: string | null;
  /** The request id the error answer carried. */
  requestId: string | null;
}

/** What a failed job kept of its error, but its sentence: whether an item is gone is read from the facts. */
export type FailureFacts = Omit<JobFailure, 'message'>;

/**
 * Whether a failed details fetch means the item is gone (deleted, private, not found). The
 * interface documents no answer for missing content, so it is read defensively: a 404 or 410 is
 * gone; a well-formed refusal (`success: false`, another 4xx) is gone only when its words contain
 * one of `goneWords` (a setting, since this is a guess); a 429, a 5xx, a time-out or the network
 * is never gone.
 */
export function readGone(failure: FailureFacts, goneWords: readonly string[]): GoneReading {
  const { status, requestId, serviceWords: words } = failure;
  if (TRANSIENT_CODES.has(failure.code as ErrorCode) || (status !== null && isTransientStatus(status)))
    return { gone: false, words, requestId };
  if (failure.code === 'NOT_FOUND' || status === 404 || status === 410)
    return { gone: true, words: words ?? `not found (${status ?? 404})`, requestId };
  // Only the service's own words can say an item is gone; Gleaner's sentence around them cannot.
  const text = (words ?? '').toLowerCase();
  const matched = goneWords.some((word) => word.trim() !== '' && text.includes(word.trim().toLowerCase()));
  return { gone: matched, words, requestId };
}

/**
 * A record with nothing in it: no title, text, author's name or count. A details answer for a
 * gone item may be a success holding an empty record, which the normaliser still reads as the
 * item asked for (its id from the link); such an answer shows absence, not an edit to nothing.
 */
export function isEmptyRecord(fields: VersionFields | null, counts: Counts): boolean {
  return (
    (fields === null || VERSION_FIELDS.every((field) => fields[field] === null)) && COUNT_FIELDS.every((field) => counts[field] === null)
  );
}

/** The words an answer with no record is taken for: the service answered, with nothing in it. */
export const EMPTY_RECORD_WORDS = 'The service answered with an empty record.';
