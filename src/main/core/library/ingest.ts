/**
 * Turns one service response into library rows, in one transaction: the response as
 * received (provenance), the items it holds (deduplicated), a metrics snapshot per item,
 * and any transcript. A response is keyed by its request id and the SHA-256 of its body, so
 * storing it again — a replay, or a retry after a crash between send and commit — changes
 * nothing, while a different answer under a request id seen before (a service or a caching
 * proxy reusing ids) is kept as a response of its own, with a warning.
 *
 * Speed: the new items of a response are written by one multi-row INSERT (and a transcript's
 * segments by another). FTS5 flushes its pending index data to disk whenever a statement that
 * may need rolling back starts, and every row-at-a-time insert firing an index trigger is such
 * a statement, so writing rows one by one turned each item into its own index segment.
 */
import { createHash } from 'node:crypto';
import { getOperation, type OperationId } from '../../../shared/catalogue';
import { canonicalLanguage } from '../../../shared/language';
import type { Metrics, Normalisation, NormalisedItem, NormalisedTranscript } from '../../../shared/model';
import type { Statement } from 'better-sqlite3';
import { makeWellFormed } from '../../../shared/text';
import { makeItem } from '../platforms/normalise/read';
import type { Database } from '../store/database';
import { writeTransaction } from '../store/database';

/** What ingest needs of a response (the client's ServiceResponse has all of it). */
export interface ResponseToStore {
  operation: OperationId;
  params: Record<string, string>;
  requestUrl: string;
  requestId: string;
  status: number;
  fetchedAt: string;
  durationMs: number;
  body: string;
  data: unknown;
  nextPage: Record<string, string> | null;
  /** The client's own notes on the answer (a listing that repeats its page), stored with the normaliser's. */
  warnings?: readonly string[];
}

export interface IngestResult {
  responseId: number;
  /** True when this very response (request id and body) was stored before; nothing was changed. */
  alreadyStored: boolean;
  /** Item ids in the order the response listed them (duplicates removed). */
  itemIds: number[];
  transcripts: number;
  warnings: string[];
}

export type NormaliseFn = (operation: OperationId, data: unknown, params: Record<string, string>) => Normalisation;

/** The item columns ingest writes, in the order of ITEM_COLUMNS. */
type ItemValues = [
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
];

const ITEM_COLUMNS = `id, platform, kind, native_id, url, title, text, author_name, author_handle, author_id, author_url,
  published_at, published_text, duration_ms, thumbnail_url, views, likes, comments, reposts, shares, followers,
  first_fetched_at, last_fetched_at, last_response_id, extras`;
const ITEM_COLUMN_COUNT = 25;
/** Index of the first column an update merges (kind) and of the last (followers) in ItemValues. */
const FIRST_MERGED = 2;
const LAST_MERGED = 20;
const NATIVE_ID = 3;
const URL = 4;
const EXTRAS = 24;

const SEGMENT_COLUMNS = 'transcript_id, seq, start_ms, end_ms, text';
const SOURCE_COLUMNS = 'item_id, response_id, source_path, position, views, likes, comments, reposts, shares, followers';
const SOURCE_COLUMN_COUNT = 10;
const SEGMENT_COLUMN_COUNT = 5;
/** Rows per multi-row INSERT: well under SQLite's limit of 32,766 bound values. */
const ROWS_PER_INSERT = 200;
/** Row counts whose INSERT statements are kept prepared. */
const MAX_PREPARED_SIZES = 16;

type SourceRow = [itemId: number, responseId: number, sourcePath: string, position: number, ...counts: (number | null)[]];

const key = (scope: string | number, value: string): string => `${scope}\u0000${value}`;

/** An item already in the library, with the columns it is matched on. */
interface StoredItem {
  id: number;
  nativeId: string | null;
  url: string | null;
}

/** An item of this response that is not in the library yet: written when the response's items are all read. */
interface NewItem {
  values: ItemValues;
}

const noMetrics = (metrics: Metrics): boolean =>
  metrics.views === null &&
  metrics.likes === null &&
  metrics.comments === null &&
  metrics.reposts === null &&
  metrics.shares === null &&
  metrics.followers === null;

export function createIngester(db: Database, normalise: NormaliseFn): (response: ResponseToStore) => IngestResult {
  const findResponse = db.prepare<[string, string], { id: number }>('SELECT id FROM responses WHERE request_id = ? AND body_sha256 = ?');
  const otherWithRequestId = db.prepare<[string], { fetched_at: string }>(
    'SELECT fetched_at FROM responses WHERE request_id = ? ORDER BY id LIMIT 1',
  );
  const itemsOfResponse = db.prepare<[number], { item_id: number }>(
    'SELECT item_id FROM item_sources WHERE response_id = ? GROUP BY item_id ORDER BY min(position)',
  );
  const insertResponse = db.prepare<unknown[]>(
    `INSERT INTO responses (operation, params, request_url, request_id, status, fetched_at, duration_ms, body_sha256, body, next_page,
       item_count, parse_warnings)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setItemCount = db.prepare<[number, number]>('UPDATE responses SET item_count = ? WHERE id = ?');
  const byNativeId = db.prepare<[string, string], StoredItem>(
    'SELECT id, native_id AS nativeId, url FROM items WHERE platform = ? AND native_id = ?',
  );
  const byUrl = db.prepare<[string, string], StoredItem>(
    'SELECT id, native_id AS nativeId, url FROM items WHERE platform = ? AND url = ? ORDER BY id LIMIT 1',
  );
  // The same lookups for all of a response's records at once (JSON arrays of native ids and of URLs).
  const allByNativeId = db.prepare<[string, string], StoredItem>(
    'SELECT id, native_id AS nativeId, url FROM items WHERE platform = ? AND native_id IN (SELECT value FROM json_each(?))',
  );
  const allByUrl = db.prepare<[string, string], StoredItem>(
    'SELECT id, native_id AS nativeId, url FROM items WHERE platform = ? AND url IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  const lastItemId = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM items');
  // A trimmed or partial response must not erase what a fuller one stored: new values win only when present.
  const updateItem = db.prepare<unknown[]>(
    `UPDATE items SET
       kind = ?, native_id = coalesce(native_id, ?), url = coalesce(?, url),
       title = coalesce(?, title), text = coalesce(?, text),
       author_name = coalesce(?, author_name), author_handle = coalesce(?, author_handle),
       author_id = coalesce(?, author_id), author_url = coalesce(?, author_url),
       published_at = coalesce(?, published_at), published_text = coalesce(?, published_text),
       duration_ms = coalesce(?, duration_ms), thumbnail_url = coalesce(?, thumbnail_url),
       views = coalesce(?, views), likes = coalesce(?, likes), comments = coalesce(?, comments),
       reposts = coalesce(?, reposts), shares = coalesce(?, shares), followers = coalesce(?, followers),
       last_fetched_at = max(last_fetched_at, ?), last_response_id = ?,
       -- Extras merge field by field: a record without a field leaves the one stored.
       extras = coalesce(json_patch(extras, ?), ?, extras)
     WHERE id = ?`,
  );
  const upsertTranscript = db.prepare<unknown[], { id: number }>(
    `INSERT INTO transcripts (item_id, response_id, language, available, format, full_text, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (item_id, language) DO UPDATE SET response_id = excluded.response_id, available = excluded.available,
       format = excluded.format, full_text = excluded.full_text, fetched_at = excluded.fetched_at
       -- A later "none in that language" does not erase a transcript the library holds; that
       -- answer stays in the item's provenance.
       WHERE excluded.available = 1 OR transcripts.available = 0
     RETURNING id`,
  );
  const deleteSegments = db.prepare<[number]>('DELETE FROM transcript_segments WHERE transcript_id = ?');
  // A video's details carry its transcript with no language; the transcript request brings the same
  // text with one. The two are one transcript, kept under its language (its segments go with it).
  const sameTextWithLanguage = db.prepare<[number, string], { id: number }>(
    "SELECT id FROM transcripts WHERE item_id = ? AND language <> '' AND available = 1 AND full_text = ? LIMIT 1",
  );
  const deleteSameTextWithoutLanguage = db.prepare<[number, string]>(
    "DELETE FROM transcripts WHERE item_id = ? AND language = '' AND available = 1 AND full_text = ?",
  );
  const markTranscript = db.prepare<[number, number]>(
    'UPDATE items SET has_transcript = EXISTS (SELECT 1 FROM transcripts WHERE item_id = ? AND available = 1) WHERE id = ?',
  );
  const insertItems = multiRowInsert(db, 'items', ITEM_COLUMNS, ITEM_COLUMN_COUNT);
  const insertSegments = multiRowInsert(db, 'transcript_segments', SEGMENT_COLUMNS, SEGMENT_COLUMN_COUNT);
  const insertSources = multiRowInsert(db, 'item_sources', SOURCE_COLUMNS, SOURCE_COLUMN_COUNT);

  /**
   * The items of one response, matched as if each were written before the next was read: a
   * later record can match an earlier new one by native id or URL, and then merges into it.
   */
  function createItemWriter(responseId: number, fetchedAt: string) {
    const newItems: NewItem[] = [];
    const newByNativeId = new Map<string, NewItem>();
    let nextId = 0;
    /** Stored items looked up for all records at once; dropped when an update changes what items are matched on. */
    let prefetched: { byNativeId: Map<string, StoredItem>; byUrl: Map<string, StoredItem> } | null = null;

    function prefetch(items: readonly NormalisedItem[]): void {
      const byNativeIdFound = new Map<string, StoredItem>();
      const byUrlFound = new Map<string, StoredItem>();
      for (const platform of new Set(items.map((item) => item.platform))) {
        const mine = items.filter((item) => item.platform === platform);
        const nativeIds = mine.flatMap((item) => (item.nativeId ? [item.nativeId] : []));
        if (nativeIds.length > 0)
          for (const stored of allByNativeId.all(platform, JSON.stringify(nativeIds)))
            byNativeIdFound.set(key(platform, stored.nativeId!), stored);
        // URLs matter for records whose native id is missing or not stored (a refetch needs none).
        const urls = mine.flatMap((item) =>
          item.url && !(item.nativeId && byNativeIdFound.has(key(platform, item.nativeId))) ? [item.url] : [],
        );
        if (urls.length > 0) {
          for (const stored of allByUrl.all(platform, JSON.stringify(urls))) {
            // The lowest id per URL, as the single lookup's ORDER BY id LIMIT 1.
            if (!byUrlFound.has(key(platform, stored.url!))) byUrlFound.set(key(platform, stored.url!), stored);
          }
        }
      }
      prefetched = { byNativeId: byNativeIdFound, byUrl: byUrlFound };
    }

    const storedByNativeId = (platform: string, nativeId: string): StoredItem | undefined =>
      prefetched ? prefetched.byNativeId.get(key(platform, nativeId)) : byNativeId.get(platform, nativeId);
    const storedByUrl = (platform: string, url: string): StoredItem | undefined =>
      prefetched ? prefetched.byUrl.get(key(platform, url)) : byUrl.get(platform, url);

    /** The lowest-numbered new item with this URL, as `ORDER BY id LIMIT 1` finds among written ones. */
    function newItemWithUrl(platform: string, url: string): NewItem | undefined {
      return newItems.find((candidate) => candidate.values[1] === platform && candidate.values[URL] === url);
    }

    function find(platform: string, nativeId: string | null, url: string | null): StoredItem | NewItem | undefined {
      if (nativeId) {
        const found = storedByNativeId(platform, nativeId) ?? newByNativeId.get(key(platform, nativeId));
        if (found) return found;
      }
      // Else by canonical URL; stored items have lower ids than this response's new ones.
      if (url) return storedByUrl(platform, url) ?? newItemWithUrl(platform, url);
      return undefined;
    }

    function valuesOf(item: NormalisedItem, id: number): ItemValues {
      const { author, metrics } = item;
      return [
        id,
        item.platform,
        item.kind,
        item.nativeId,
        item.url,
        item.title,
        item.text,
        author.name,
        author.handle,
        author.id,
        author.url,
        item.publishedAt,
        item.publishedText,
        item.durationMs,
        item.thumbnailUrl,
        metrics.views,
        metrics.likes,
        metrics.comments,
        metrics.reposts,
        metrics.shares,
        metrics.followers,
        fetchedAt,
        fetchedAt,
        responseId,
        item.extras && Object.keys(item.extras).length > 0 ? JSON.stringify(item.extras) : null,
      ];
    }

    /** Same rules as updateItem, for an item not written yet. */
    function merge(into: NewItem, values: ItemValues): void {
      const merged = into.values;
      const platform = merged[1];
      const nativeId = merged[NATIVE_ID];
      for (let column = FIRST_MERGED; column <= LAST_MERGED; column += 1) {
        if (values[column] !== null && !(column === NATIVE_ID && nativeId !== null)) (merged as unknown[])[column] = values[column];
      }
      const extras = values[EXTRAS];
      if (extras !== null)
        merged[EXTRAS] = merged[EXTRAS] === null ? extras : JSON.stringify({ ...JSON.parse(merged[EXTRAS]), ...JSON.parse(extras) });
      if (nativeId === null && merged[NATIVE_ID] !== null) newByNativeId.set(key(platform, merged[NATIVE_ID]), into);
    }

    /** The item's id: a stored item is updated now, a new one is written by `flush`. */
    function add(item: NormalisedItem): number {
      const found = find(item.platform, item.nativeId, item.url);
      if (found && 'values' in found) {
        merge(found, valuesOf(item, found.values[0]));
        return found.values[0];
      }
      if (found) {
        const values = valuesOf(item, found.id);
        updateItem.run(...values.slice(FIRST_MERGED, LAST_MERGED + 1), fetchedAt, responseId, values[EXTRAS], values[EXTRAS], found.id);
        // Rare: the item gains a native id or moves to another URL, so what was looked up in advance may be stale.
        if ((found.nativeId === null && item.nativeId !== null) || (item.url !== null && item.url !== found.url)) prefetched = null;
        return found.id;
      }
      if (nextId === 0) nextId = (lastItemId.get()?.id ?? 0) + 1;
      const created: NewItem = { values: valuesOf(item, nextId) };
      nextId += 1;
      newItems.push(created);
      if (item.nativeId) newByNativeId.set(key(item.platform, item.nativeId), created);
      return created.values[0];
    }

    /** Writes the new items; until then, nothing that refers to them can be written. */
    function flush(): void {
      insertItems(newItems.map((created) => created.values));
      newItems.length = 0;
      newByNativeId.clear();
    }

    return { prefetch, add, flush, find };
  }

  /** The sightings of a response's items, written together once the items exist. */
  function createSourceWriter(responseId: number) {
    const rows: SourceRow[] = [];
    const byItemAndPath = new Map<string, SourceRow>();
    const withCounts = new Set<number>();
    return {
      /** Provenance in the order the response listed its records; the first counts per item are its snapshot. */
      link(id: number, sourcePath: string, metrics: Metrics | null): void {
        let row = byItemAndPath.get(key(id, sourcePath));
        if (!row) {
          row = [id, responseId, sourcePath, rows.length, null, null, null, null, null, null];
          rows.push(row);
          byItemAndPath.set(key(id, sourcePath), row);
        }
        if (metrics !== null && !noMetrics(metrics) && !withCounts.has(id)) {
          withCounts.add(id);
          row.splice(4, 6, metrics.views, metrics.likes, metrics.comments, metrics.reposts, metrics.shares, metrics.followers);
        }
      },
      write(): void {
        insertSources(rows);
      },
    };
  }

  function storeTranscript(
    transcript: NormalisedTranscript,
    response: ResponseToStore,
    responseId: number,
    itemIds: number[],
    sources: ReturnType<typeof createSourceWriter>,
  ): void {
    const platform = getOperation(response.operation).platform;
    const writer = createItemWriter(responseId, response.fetchedAt);
    // This response's own items are written by now, so a match is a stored item.
    const stored = writer.find(platform, transcript.nativeId, transcript.url);
    let itemId = stored && 'id' in stored ? stored.id : itemIds.length === 1 ? itemIds[0] : undefined;
    if (itemId === undefined) {
      // A transcript fetched before its video: give it an item to belong to.
      itemId = writer.add(
        makeItem(platform, 'transcript', { kind: transcript.kind ?? 'video', nativeId: transcript.nativeId, url: transcript.url }),
      );
      writer.flush();
    }
    if (!itemIds.includes(itemId)) {
      // The response is part of the item's provenance (its transcript came from it), and the
      // item is what the response brought: a transcript fetched into a collection puts it there.
      sources.link(itemId, 'transcript', null);
      itemIds.push(itemId);
    }
    const language = canonicalLanguage(transcript.language);
    const fullText = transcript.available ? transcript.fullText : null;
    if (fullText !== null) {
      // The response stays in the item's provenance (linked above) either way.
      if (language === '' && sameTextWithLanguage.get(itemId, fullText)) return;
      if (language !== '') deleteSameTextWithoutLanguage.run(itemId, fullText);
    }
    const replaced = upsertTranscript.get(
      itemId,
      responseId,
      language,
      transcript.available ? 1 : 0,
      transcript.format,
      transcript.fullText,
      response.fetchedAt,
    );
    if (replaced === undefined) return;
    const transcriptId = replaced.id;
    deleteSegments.run(transcriptId);
    insertSegments(
      transcript.segments.map((segment, seq) => [
        transcriptId,
        seq,
        Math.round(segment.startMs),
        segment.endMs === null ? null : Math.round(segment.endMs),
        segment.text,
      ]),
    );
    markTranscript.run(itemId, itemId);
  }

  return (response: ResponseToStore): IngestResult =>
    writeTransaction(db, () => {
      const sha256 = createHash('sha256').update(response.body, 'utf8').digest('hex');
      const stored = findResponse.get(response.requestId, sha256);
      if (stored) {
        return {
          responseId: stored.id,
          alreadyStored: true,
          itemIds: itemsOfResponse.all(stored.id).map((r) => r.item_id),
          transcripts: 0,
          warnings: [],
        };
      }
      // The raw body keeps what was received; the text columns hold only what UTF-8 can (no lone surrogates).
      const normalisation = makeWellFormed(normalise(response.operation, response.data, response.params));
      const earlier = otherWithRequestId.get(response.requestId);
      const warnings = [
        ...normalisation.warnings,
        ...(response.warnings ?? []),
        // Both answers are evidence; which one the id belongs to is for the user to judge, so neither is dropped.
        ...(earlier
          ? [
              `This answer carries the request id of a different answer stored before (fetched ${earlier.fetched_at}); both are kept as received.`,
            ]
          : []),
      ];
      // The item count is that of the records; corrected below in the rare case that records merged
      // or a transcript brought an item (an UPDATE would rewrite the whole stored body).
      const responseId = Number(
        insertResponse.run(
          response.operation,
          JSON.stringify(response.params),
          response.requestUrl,
          response.requestId,
          response.status,
          response.fetchedAt,
          response.durationMs,
          sha256,
          response.body,
          response.nextPage ? JSON.stringify(response.nextPage) : null,
          normalisation.items.length,
          JSON.stringify(warnings),
        ).lastInsertRowid,
      );
      const { fetchedAt } = response;

      const writer = createItemWriter(responseId, fetchedAt);
      writer.prefetch(normalisation.items);
      const found = normalisation.items.map((item) => writer.add(item));
      writer.flush();

      const sources = createSourceWriter(responseId);
      const itemIds: number[] = [];
      const seen = new Set<number>();
      normalisation.items.forEach((item, index) => {
        const id = found[index]!;
        sources.link(id, item.sourcePath, item.metrics);
        if (!seen.has(id)) {
          seen.add(id);
          itemIds.push(id);
        }
      });
      for (const transcript of normalisation.transcripts) storeTranscript(transcript, response, responseId, itemIds, sources);
      sources.write();
      if (itemIds.length !== normalisation.items.length) setItemCount.run(itemIds.length, responseId);
      return { responseId, alreadyStored: false, itemIds, transcripts: normalisation.transcripts.length, warnings };
    });
}

/** Inserts rows through multi-row INSERT statements, prepared once per row count (responses mostly have one page size). */
function multiRowInsert(
  db: Database,
  table: string,
  columns: string,
  columnCount: number,
): (rows: readonly (readonly unknown[])[]) => void {
  const statements = new Map<number, Statement<unknown[]>>();
  const row = `(${Array.from({ length: columnCount }, () => '?').join(', ')})`;
  const statementFor = (count: number): Statement<unknown[]> => {
    let statement = statements.get(count);
    if (!statement) {
      if (statements.size >= MAX_PREPARED_SIZES) statements.clear();
      statement = db.prepare<unknown[]>(`INSERT INTO ${table} (${columns}) VALUES ${Array.from({ length: count }, () => row).join(', ')}`);
      statements.set(count, statement);
    }
    return statement;
  };
  return (rows) => {
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const chunk = rows.slice(start, start + ROWS_PER_INSERT);
      statementFor(chunk.length).run(chunk.flat());
    }
  };
}
