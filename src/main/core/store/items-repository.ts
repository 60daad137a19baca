/** The items table (one row per post, video, account…) and item_sources, where each was seen. */
import type { CitedResponse } from '../../../shared/citation';
import type { ItemRecord, MetricSnapshot, Provenance } from '../../../shared/library';
import type { ItemExtras } from '../../../shared/model';
import { ROWS_PER_INSERT, sparseRowInsert } from './sparse-row-insert';
import { writeTransaction, type ReadableDB, type WritableDB } from './write-transaction';
import { preparedOnUse } from './prepared-on-use';
import { itemIsDemoSql } from './demo-mark';

/** The item columns ingest writes, in the order of ITEM_WRITE_COLUMNS. */
export type ItemValues = [
  id: number,
  platform: string,
  kind: string,
  nativeId: string | null,
  url: string | null,
  title: string | null,
  text: string | null,
  authorName: string | null,
  authorHandle: string | null,
  authorId: string | null,
  authorUrl: string | null,
  publishedAt: string | null,
  publishedText: string | null,
  durationMs: number | null,
  thumbnailUrl: string | null,
  views: number | null,
  likes: number | null,
  comments: number | null,
  reposts: number | null,
  shares: number | null,
  followers: number | null,
  firstFetchedAt: string,
  lastFetchedAt: string,
  lastResponseId: number,
  /** JSON of the spec fields without a column of their own; null when the record has none. */
  extras: string | null,
  /** 1 when publishedAt was read from the platform's wording ("1 year ago"), not given as a time. */
  publishedApproximate: 0 | 1,
];

/** Positions in ItemValues: the first and last column an update merges (kind … followers), and a few read by name. */
export const ITEM_VALUE = {
  platform: 1,
  firstMerged: 2,
  nativeId: 3,
  url: 4,
  publishedAt: 11,
  lastMerged: 20,
  extras: 24,
  publishedApproximate: 25,
} as const;

/** One sighting of an item in a response; the counts are the item's metrics snapshot from it (or null). */
export type SourceRow = [itemId: number, responseId: number, sourcePath: string, position: number, ...counts: (number | null)[]];

/** An item already in the library, with the columns it is matched on. */
export interface StoredItemKey {
  id: number;
  nativeId: string | null;
  url: string | null;
}

/** The counts an item carries and a sighting snapshots, in the same order in both tables. */
const METRIC_COLUMNS = ['views', 'likes', 'comments', 'reposts', 'shares', 'followers'];
const ITEM_WRITE_COLUMNS = [
  'id',
  'platform',
  'kind',
  'native_id',
  'url',
  'title',
  'text',
  'author_name',
  'author_handle',
  'author_id',
  'author_url',
  'published_at',
  'published_text',
  'duration_ms',
  'thumbnail_url',
  ...METRIC_COLUMNS,
  'first_fetched_at',
  'last_fetched_at',
  'last_response_id',
  'extras',
  'published_approximate',
];
/** Item columns a batch of new items without a value for them leaves out: nullable, NULL by default. */
const OPTIONAL_ITEM_COLUMNS = ITEM_WRITE_COLUMNS.slice(ITEM_VALUE.nativeId, ITEM_VALUE.lastMerged + 1).concat('extras');
const SOURCE_COLUMNS = ['item_id', 'response_id', 'source_path', 'position', ...METRIC_COLUMNS];
/** The counts of a sighting: a sighting without them (most answers carry views alone) leaves them out. */
const OPTIONAL_SOURCE_COLUMNS = METRIC_COLUMNS;

const ITEM_READ_COLUMNS = `i.id, i.platform, i.kind, i.native_id AS nativeId, i.url, i.title, i.text,
  i.author_name AS authorName, i.author_handle AS authorHandle, i.author_id AS authorId, i.author_url AS authorUrl,
  i.published_at AS publishedAt, i.published_text AS publishedText, i.duration_ms AS durationMs,
  i.thumbnail_url AS thumbnailUrl, i.views, i.likes, i.comments, i.reposts, i.shares, i.followers,
  i.first_fetched_at AS firstFetchedAt, i.last_fetched_at AS lastFetchedAt, i.has_transcript AS hasTranscript,
  i.extras AS extrasJson, i.published_approximate AS publishedApproximate, ${itemIsDemoSql('i')} AS demo`;

/** The values once each, in their order: a value listed twice would find its item twice. */
function distinct(values: readonly string[]): readonly string[] {
  const once = new Set(values);
  return once.size === values.length ? values : [...once];
}

/** The refusal of the unique index on (platform, native_id), the only unique key of items besides its id. */
const isNativeIdStored = (error: unknown): boolean =>
  (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE' && String((error as Error).message).includes('items.native_id');

/** The stored extras column (a JSON object, or NULL for none) as an object. */
export const parseExtras = (json: string | null): ItemExtras => (json === null ? {} : (JSON.parse(json) as ItemExtras));

export interface ItemsRepository<Tx = WritableDB> {
  byNativeId(platform: string, nativeId: string): StoredItemKey | undefined;
  /** The lowest-numbered item with this URL. */
  byUrl(platform: string, url: string): StoredItemKey | undefined;
  allByNativeIds(platform: string, nativeIds: readonly string[]): StoredItemKey[];
  /** In id order, so the first for a URL is the one byUrl finds. */
  allByUrls(platform: string, urls: readonly string[]): StoredItemKey[];
  lastId(): number;
  /** Which of these ids are items of the library. */
  existing(ids: readonly number[]): Set<number>;
  record(id: number): ItemRecord | undefined;
  /** The response that last carried the item's fields, as exports cite it. */
  citedResponse(id: number): CitedResponse | undefined;
  metricsHistory(id: number): MetricSnapshot[];
  provenance(id: number): Provenance[];
  /**
   * Merges a later sighting into a stored item: a trimmed or partial response must not erase
   * what a fuller one stored, so new values win only when present; extras merge field by field.
   */
  update(tx: Tx, id: number, values: ItemValues, fetchedAt: string, responseId: number): void;
  insertMany(tx: Tx, rows: readonly ItemValues[]): void;
  /**
   * Inserts the rows unless one carries a native id already stored on its platform: then none is
   * inserted and the answer is false. The unique index on native ids asks, as every insert does.
   */
  insertManyUnlessStored(tx: Tx, rows: readonly ItemValues[]): boolean;
  insertSources(tx: Tx, rows: readonly SourceRow[]): void;
}

export function createItemsRepository(db: ReadableDB): ItemsRepository {
  const byNativeId = preparedOnUse(() =>
    db.prepare<[string, string], StoredItemKey>('SELECT id, native_id AS nativeId, url FROM items WHERE platform = ? AND native_id = ?'),
  );
  const byUrl = preparedOnUse(() =>
    db.prepare<[string, string], StoredItemKey>(
      'SELECT id, native_id AS nativeId, url FROM items WHERE platform = ? AND url = ? ORDER BY id LIMIT 1',
    ),
  );
  // The same lookups for all of a response's records at once (JSON arrays of native ids and of URLs).
  // The list drives a join (CROSS JOIN keeps it outermost), one index probe per value: `IN (SELECT …)`
  // first sorted the list into a temporary index, which cost as much as the probes themselves.
  const allByNativeId = preparedOnUse(() =>
    db.prepare<[string, string], StoredItemKey>(
      `SELECT i.id, i.native_id AS nativeId, i.url FROM json_each(?) j CROSS JOIN items i
      WHERE i.platform = ? AND i.native_id = j.value AND i.native_id IS NOT NULL`,
    ),
  );
  const allByUrl = preparedOnUse(() =>
    db.prepare<[string, string], StoredItemKey>(
      `SELECT i.id, i.native_id AS nativeId, i.url FROM json_each(?) j CROSS JOIN items i
      WHERE i.platform = ? AND i.url = j.value AND i.url IS NOT NULL ORDER BY i.id`,
    ),
  );
  const lastId = preparedOnUse(() => db.prepare<[], number | null>('SELECT max(id) FROM items').pluck());
  const exists = preparedOnUse(() =>
    db.prepare<[string], number>('SELECT id FROM items WHERE id IN (SELECT value FROM json_each(?))').pluck(),
  );
  const record = preparedOnUse(() =>
    db.prepare<
      [number],
      Omit<ItemRecord, 'hasTranscript' | 'extras' | 'publishedApproximate' | 'demo'> & {
        hasTranscript: number;
        extrasJson: string | null;
        publishedApproximate: number;
        demo: number;
      }
    >(`SELECT ${ITEM_READ_COLUMNS} FROM items i WHERE i.id = ?`),
  );
  const cited = preparedOnUse(() =>
    db.prepare<[number], CitedResponse>(
      'SELECT r.operation, r.request_id AS requestId, r.fetched_at AS fetchedAt FROM items i JOIN responses r ON r.id = i.last_response_id WHERE i.id = ?',
    ),
  );
  const metrics = preparedOnUse(() =>
    db.prepare<[number], MetricSnapshot>(
      'SELECT fetched_at AS fetchedAt, views, likes, comments, reposts, shares, followers FROM metric_snapshots WHERE item_id = ? ORDER BY fetched_at, response_id',
    ),
  );
  const provenance = preparedOnUse(() =>
    db.prepare<[number], Omit<Provenance, 'params' | 'demo'> & { params: string; demo: number }>(
      `SELECT r.id AS responseId, r.operation, r.params, r.request_id AS requestId, r.request_url AS requestUrl, r.status,
            r.fetched_at AS fetchedAt, r.body_sha256 AS sha256, s.source_path AS sourcePath, r.demo
       FROM item_sources s JOIN responses r ON r.id = s.response_id WHERE s.item_id = ? ORDER BY r.fetched_at, r.id`,
    ),
  );
  const update = preparedOnUse(() =>
    db.prepare<unknown[]>(
      `UPDATE items SET
       kind = ?, native_id = coalesce(native_id, ?), url = coalesce(?, url),
       title = coalesce(?, title), text = coalesce(?, text),
       author_name = coalesce(?, author_name), author_handle = coalesce(?, author_handle),
       author_id = coalesce(?, author_id), author_url = coalesce(?, author_url),
       published_at = CASE WHEN @approximate = 1 AND published_at IS NOT NULL THEN published_at ELSE coalesce(?, published_at) END,
       published_text = coalesce(?, published_text),
       duration_ms = coalesce(?, duration_ms), thumbnail_url = coalesce(?, thumbnail_url),
       views = coalesce(?, views), likes = coalesce(?, likes), comments = coalesce(?, comments),
       reposts = coalesce(?, reposts), shares = coalesce(?, shares), followers = coalesce(?, followers),
       last_fetched_at = max(last_fetched_at, ?), last_response_id = ?,
       extras = coalesce(json_patch(extras, ?), ?, extras),
       -- An exact time replaces an approximate one; an approximate one only fills an empty date.
       published_approximate = CASE WHEN @publishedAt IS NULL OR (@approximate = 1 AND published_at IS NOT NULL)
         THEN published_approximate ELSE @approximate END
     WHERE id = ?`,
    ),
  );
  const insertItems = sparseRowInsert(db, 'items', ITEM_WRITE_COLUMNS, OPTIONAL_ITEM_COLUMNS);
  const insertSources = sparseRowInsert(db, 'item_sources', SOURCE_COLUMNS, OPTIONAL_SOURCE_COLUMNS);

  return {
    byNativeId: (platform, nativeId) => byNativeId().get(platform, nativeId),
    byUrl: (platform, url) => byUrl().get(platform, url),
    allByNativeIds: (platform, nativeIds) => allByNativeId().all(JSON.stringify(distinct(nativeIds)), platform),
    allByUrls: (platform, urls) => allByUrl().all(JSON.stringify(distinct(urls)), platform),
    lastId: () => lastId().get() ?? 0,
    existing: (ids) => new Set(ids.length === 0 ? [] : exists().all(JSON.stringify(ids))),
    record(id) {
      const row = record().get(id);
      if (!row) return undefined;
      const { extrasJson, ...fields } = row;
      return {
        ...fields,
        hasTranscript: row.hasTranscript === 1,
        extras: parseExtras(extrasJson),
        publishedApproximate: row.publishedApproximate === 1,
        demo: row.demo === 1,
      };
    },
    citedResponse: (id) => cited().get(id),
    metricsHistory: (id) => metrics().all(id),
    provenance: (id) =>
      provenance()
        .all(id)
        .map((p) => ({ ...p, params: JSON.parse(p.params) as Record<string, string>, demo: p.demo === 1 })),
    update(_tx, id, values, fetchedAt, responseId) {
      const extras = values[ITEM_VALUE.extras];
      const published = { publishedAt: values[ITEM_VALUE.publishedAt], approximate: values[ITEM_VALUE.publishedApproximate] };
      update().run(
        ...values.slice(ITEM_VALUE.firstMerged, ITEM_VALUE.lastMerged + 1),
        fetchedAt,
        responseId,
        extras,
        extras,
        id,
        published,
      );
    },
    insertMany: insertItems,
    insertManyUnlessStored(tx, rows) {
      try {
        if (rows.length <= ROWS_PER_INSERT) insertItems(tx, rows);
        // More rows than one statement takes go in under a savepoint, so that a refusal undoes them all.
        else writeTransaction(tx, (inner) => insertItems(inner, rows));
        return true;
      } catch (error) {
        if (isNativeIdStored(error)) return false;
        throw error;
      }
    },
    insertSources,
  };
}
