/**
 * What an import plan asks the library about its links: items already stored (by native id or
 * URL), the DIDs behind a microblog handle, and links a finished job fetched before.
 */
import type { ReadableDB } from '../database';
import { statement } from './statements';

/** askedTranscript: the service has answered for its transcript, even "none in that language". */
export interface KnownItem {
  id: number;
  askedTranscript: number;
}

export interface KnownLinksRepository {
  itemByNativeId(db: ReadableDB, platform: string, nativeId: string): KnownItem | undefined;
  itemByUrl(db: ReadableDB, platform: string, url: string): KnownItem | undefined;
  /** Each DID the library has seen behind a microblog handle. */
  didsOfHandle(db: ReadableDB, handle: string): string[];
  /** The response of a finished job that asked exactly this, if any. */
  fetchedBefore(db: ReadableDB, operation: string, params: string): { responseId: number } | undefined;
  /** Every item a response held, in its order. */
  itemsOfResponse(db: ReadableDB, responseId: number): number[];
}

export const knownLinksRepository: KnownLinksRepository = {
  itemByNativeId: (db, platform, nativeId) =>
    statement<[string, string], KnownItem>(
      db,
      'SELECT id, EXISTS (SELECT 1 FROM transcripts t WHERE t.item_id = items.id) AS askedTranscript FROM items WHERE platform = ? AND native_id = ?',
    ).get(platform, nativeId),
  itemByUrl: (db, platform, url) =>
    statement<[string, string], KnownItem>(
      db,
      'SELECT id, EXISTS (SELECT 1 FROM transcripts t WHERE t.item_id = items.id) AS askedTranscript FROM items WHERE platform = ? AND url = ? LIMIT 1',
    ).get(platform, url),
  didsOfHandle: (db, handle) =>
    statement<[string], { did: string }>(
      db,
      `SELECT DISTINCT author_id AS did FROM items
        WHERE platform = 'microblog' AND author_handle IS NOT NULL AND author_id IS NOT NULL AND lower(author_handle) = lower(?)`,
    )
      .all(handle)
      .map((row) => row.did),
  fetchedBefore: (db, operation, params) =>
    statement<[string, string], { responseId: number }>(
      db,
      `SELECT j.response_id AS responseId FROM jobs j WHERE j.operation = ? AND j.params = ? AND j.state = 'done' LIMIT 1`,
    ).get(operation, params),
  itemsOfResponse: (db, responseId) =>
    statement<[number], number>(db, 'SELECT item_id FROM item_sources WHERE response_id = ? GROUP BY item_id ORDER BY min(position)')
      .pluck()
      .all(responseId),
};
