/**
 * What an import plan asks the library about its links: items already stored (by native id or
 * URL, or as what a link fetched before resolved to), the DIDs behind a microblog handle, and
 * links a finished job fetched before.
 */
import type { OperationId } from '../../../../shared/catalogue';
import { askedItemLink } from '../../platforms/read/asked-link';
import type { ReadableDB, WritableDB } from '../database';
import { statement } from './statements';

/** askedTranscript: the service has answered for its transcript, even "none in that language". */
export interface KnownItem {
  id: number;
  askedTranscript: number;
}

export interface KnownLinksRepository {
  itemByNativeId(db: ReadableDB, platform: string, nativeId: string): KnownItem | undefined;
  itemByUrl(db: ReadableDB, platform: string, url: string): KnownItem | undefined;
  /** The item a link (canonical, as the URL table gives it) resolved to when it was fetched: a share link's video. */
  itemByResolvedLink(db: ReadableDB, platform: string, link: string): KnownItem | undefined;
  /**
   * Remembers the item a single-item request's link resolved to (the answer's first item), so
   * that the link, pasted again in any spelling the URL table reads, is known; called by ingest.
   */
  rememberResolvedLink(
    tx: WritableDB,
    request: { operation: OperationId; params: Readonly<Record<string, string>> },
    responseId: number,
    itemIds: readonly number[],
  ): void;
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
  itemByResolvedLink: (db, platform, link) =>
    statement<[string, string], KnownItem>(
      db,
      `SELECT i.id, EXISTS (SELECT 1 FROM transcripts t WHERE t.item_id = i.id) AS askedTranscript
         FROM resolved_links l JOIN items i ON i.id = l.item_id WHERE l.platform = ? AND l.link = ?`,
    ).get(platform, link),
  rememberResolvedLink(tx, request, responseId, itemIds) {
    const itemId = itemIds[0];
    const asked = itemId === undefined ? null : askedItemLink(request.operation, request.params);
    if (asked === null || itemId === undefined) return;
    statement<[string, string, number, number]>(
      tx,
      `INSERT INTO resolved_links (platform, link, item_id, response_id) VALUES (?, ?, ?, ?)
       ON CONFLICT (platform, link) DO UPDATE SET item_id = excluded.item_id, response_id = excluded.response_id`,
    ).run(asked.platform, asked.link, itemId, responseId);
  },
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
