/**
 * Collecting a normalisation: reading lists of records into items, and the warnings that say
 * what could not be read.
 */
import type { Platform } from '../../../../shared/catalogue';
import type { Normalisation, NormalisedItem } from '../../../../shared/model';
import { childPath, pathOf } from './item';
import { at, isRecord, type JsonObject } from './json';

export function emptyNormalisation(): Normalisation {
  return { items: [], transcripts: [], warnings: [] };
}

export function withWarning(warning: string): Normalisation {
  return { items: [], transcripts: [], warnings: [warning] };
}

export const NOT_AN_OBJECT = 'The response data is not an object, so no records could be read from it.';

/**
 * The common opening of a normaliser: an operation of another platform, or data that is
 * not an object, adds its one warning to `out` and reads nothing.
 */
export function acceptsRecord(
  out: Normalisation,
  operation: string,
  belongs: boolean,
  platform: Platform,
  data: unknown,
): data is JsonObject {
  if (!belongs) {
    out.warnings.push(notThisPlatform(operation, platform));
    return false;
  }
  if (!isRecord(data)) {
    out.warnings.push(NOT_AN_OBJECT);
    return false;
  }
  return true;
}

export function notThisPlatform(operation: string, platform: Platform): string {
  return `The operation “${operation}” does not belong to the ${platform} normaliser, so its response was not read.`;
}

export function recordsNotRead(unread: number, total: number, path: string): string {
  return `${unread} of ${total} ${total === 1 ? 'record' : 'records'} in ${path} could not be read.`;
}

export interface ListOptions {
  /**
   * True for lists whose key is a guess (the spec does not show them): a missing or non-list
   * value is then silently ignored instead of being reported.
   */
  guessed?: boolean;
}

/**
 * Reads a list of records into `out.items`. Every object entry yields an item (even an empty
 * one); non-object entries, and entries whose reader returns null or throws, are counted and
 * reported in one sentence. Returns whether the value was a list.
 */
export function readList(
  out: Normalisation,
  list: unknown,
  path: string,
  read: (entry: JsonObject, entryPath: string) => NormalisedItem | null,
  options: ListOptions = {},
): boolean {
  if (list === undefined || list === null) return false;
  if (!Array.isArray(list)) {
    if (!options.guessed) out.warnings.push(`${path} is not a list, so its records could not be read.`);
    return false;
  }
  let unread = 0;
  list.forEach((entry: unknown, index) => {
    const entryPath = childPath(path, index);
    if (!isRecord(entry)) {
      unread += 1;
      return;
    }
    try {
      const item = read(entry, entryPath);
      if (item === null) unread += 1;
      else out.items.push(item);
    } catch {
      unread += 1;
    }
  });
  if (unread > 0) out.warnings.push(recordsNotRead(unread, list.length, path));
  return true;
}

/** The first object found at one of several places, with its path. */
export function firstRecordAt(
  data: unknown,
  places: readonly (readonly (string | number)[])[],
): { record: JsonObject; path: string } | null {
  for (const place of places) {
    const found = at(data, ...place);
    if (isRecord(found)) return { record: found, path: pathOf(...place) };
  }
  return null;
}
