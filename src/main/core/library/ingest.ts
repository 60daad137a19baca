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
import { publishedValue } from '../../../shared/relative-date';
import { makeWellFormed } from '../../../shared/text';
import { makeItem } from '../platforms/read/item';
import type { Database } from '../store/database';
import { ITEM_VALUE, createItemsRepository, type ItemValues, type SourceRow, type StoredItemKey } from '../store/items-repository';
import { knownLinksRepository } from '../store/queue/known-links';
import { createResponsesRepository } from '../store/responses-repository';
import { createTranscriptsRepository } from '../store/transcripts-repository';
import { writeTransaction, type ReadableDB, type WritableDB } from '../store/write-transaction';

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

/**
 * Values per platform (or per item id), looked up without building a joined key string for
 * every lookup: a response's records make a dozen lookups each.
 */
class KeyedByScope<Scope extends string | number, V> {
  private readonly scopes = new Map<Scope, Map<string, V>>();
  get(scope: Scope, value: string): V | undefined {
    return this.scopes.get(scope)?.get(value);
  }
  has(scope: Scope, value: string): boolean {
    return this.scopes.get(scope)?.has(value) ?? false;
  }
  set(scope: Scope, value: string, found: V): void {
    let values = this.scopes.get(scope);
    if (!values) {
      values = new Map();
      this.scopes.set(scope, values);
    }
    values.set(value, found);
  }
  clear(): void {
    this.scopes.clear();
  }
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

/** Stores one response; its extra ways are for callers that commit several answers together. */
export interface Ingester {
  (response: ResponseToStore): IngestResult;
  /** Stores the response inside the caller's write transaction (no savepoint of its own). */
  within(tx: WritableDB, response: ResponseToStore): IngestResult;
  /** Stores several responses in one write transaction: one commit, one wait for the disk. */
  storeMany(responses: readonly ResponseToStore[]): IngestResult[];
}

export function createIngester(database: Database, normalise: NormaliseFn): Ingester {
  const db = database as ReadableDB;
  const responses = createResponsesRepository(db);
  const items = createItemsRepository(db);
  const transcripts = createTranscriptsRepository(db);

  /**
   * The items of one response, matched as if each were written before the next was read: a
   * later record can match an earlier new one by native id or URL, and then merges into it.
   */
  function createItemWriter(tx: WritableDB, responseId: number, fetchedAt: string) {
    const newItems: NewItem[] = [];
    /** The first new item per URL; given up (for a scan) once a merge moves an item to another URL. */
    const newByUrl = new KeyedByScope<string, NewItem>();
    let newByUrlExact = true;
    const newByNativeId = new KeyedByScope<string, NewItem>();
    let nextId = 0;
    /** Stored items looked up for all records at once; dropped when an update changes what items are matched on. */
    let prefetched: { byNativeId: KeyedByScope<string, StoredItemKey>; byUrl: KeyedByScope<string, StoredItemKey> } | null = null;

    function prefetch(records: readonly NormalisedItem[]): void {
      const byNativeIdFound = new KeyedByScope<string, StoredItemKey>();
      const byUrlFound = new KeyedByScope<string, StoredItemKey>();
      for (const platform of new Set(records.map((item) => item.platform))) {
        const mine = records.filter((item) => item.platform === platform);
        const nativeIds = mine.flatMap((item) => (item.nativeId ? [item.nativeId] : []));
        if (nativeIds.length > 0)
          for (const stored of items.allByNativeIds(platform, nativeIds)) byNativeIdFound.set(platform, stored.nativeId!, stored);
        // URLs matter for records whose native id is missing or not stored (a refetch needs none).
        const urls = mine.flatMap((item) =>
          item.url && !(item.nativeId && byNativeIdFound.has(platform, item.nativeId)) ? [item.url] : [],
        );
        if (urls.length > 0) {
          for (const stored of items.allByUrls(platform, urls)) {
            // The lowest id per URL, as the single lookup's ORDER BY id LIMIT 1.
            if (!byUrlFound.has(platform, stored.url!)) byUrlFound.set(platform, stored.url!, stored);
          }
        }
      }
      prefetched = { byNativeId: byNativeIdFound, byUrl: byUrlFound };
    }

    const storedByNativeId = (platform: string, nativeId: string): StoredItemKey | undefined =>
      prefetched ? prefetched.byNativeId.get(platform, nativeId) : items.byNativeId(platform, nativeId);
    const storedByUrl = (platform: string, url: string): StoredItemKey | undefined =>
      prefetched ? prefetched.byUrl.get(platform, url) : items.byUrl(platform, url);

    /** The lowest-numbered new item with this URL, as `ORDER BY id LIMIT 1` finds among written ones. */
    function newItemWithUrl(platform: string, url: string): NewItem | undefined {
      if (newByUrlExact) return newByUrl.get(platform, url);
      return newItems.find((candidate) => candidate.values[ITEM_VALUE.platform] === platform && candidate.values[ITEM_VALUE.url] === url);
    }

    function find(platform: string, nativeId: string | null, url: string | null): StoredItemKey | NewItem | undefined {
      if (nativeId) {
        const found = storedByNativeId(platform, nativeId) ?? newByNativeId.get(platform, nativeId);
        if (found) return found;
      }
      // Else by canonical URL; stored items have lower ids than this response's new ones.
      if (url) return storedByUrl(platform, url) ?? newItemWithUrl(platform, url);
      return undefined;
    }

    function valuesOf(item: NormalisedItem, id: number): ItemValues {
      const { author, metrics } = item;
      const published = publishedValue(item.publishedAt, item.publishedText, fetchedAt);
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
        published.at,
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
        published.approximate,
      ];
    }

    /** Same rules as updateItem, for an item not written yet. */
    function merge(into: NewItem, values: ItemValues): void {
      const merged = into.values;
      const platform = merged[1];
      const nativeId = merged[ITEM_VALUE.nativeId];
      const url = values[ITEM_VALUE.url];
      if (url !== null && url !== merged[ITEM_VALUE.url]) newByUrlExact = false;
      // As the stored update: an approximate date never replaces a date.
      const keepPublished = values[ITEM_VALUE.publishedApproximate] === 1 && merged[ITEM_VALUE.publishedAt] !== null;
      for (let column: number = ITEM_VALUE.firstMerged; column <= ITEM_VALUE.lastMerged; column += 1) {
        if (
          values[column] !== null &&
          !(column === ITEM_VALUE.nativeId && nativeId !== null) &&
          !(column === ITEM_VALUE.publishedAt && keepPublished)
        )
          (merged as unknown[])[column] = values[column];
      }
      if (values[ITEM_VALUE.publishedAt] !== null && !keepPublished)
        merged[ITEM_VALUE.publishedApproximate] = values[ITEM_VALUE.publishedApproximate];
      const extras = values[ITEM_VALUE.extras];
      const mergedExtras = merged[ITEM_VALUE.extras];
      if (extras !== null)
        merged[ITEM_VALUE.extras] = mergedExtras === null ? extras : JSON.stringify({ ...JSON.parse(mergedExtras), ...JSON.parse(extras) });
      const gained = merged[ITEM_VALUE.nativeId];
      if (nativeId === null && gained !== null) newByNativeId.set(platform, gained, into);
    }

    /** The item's id: a stored item is updated now, a new one is written by `flush`. */
    function add(item: NormalisedItem): number {
      const found = find(item.platform, item.nativeId, item.url);
      if (found && 'values' in found) {
        merge(found, valuesOf(item, found.values[0]));
        return found.values[0];
      }
      if (found) {
        items.update(tx, found.id, valuesOf(item, found.id), fetchedAt, responseId);
        // Rare: the item gains a native id or moves to another URL, so what was looked up in advance may be stale.
        if ((found.nativeId === null && item.nativeId !== null) || (item.url !== null && item.url !== found.url)) prefetched = null;
        return found.id;
      }
      if (nextId === 0) nextId = items.lastId() + 1;
      const created: NewItem = { values: valuesOf(item, nextId) };
      nextId += 1;
      newItems.push(created);
      if (item.url && !newByUrl.has(item.platform, item.url)) newByUrl.set(item.platform, item.url, created);
      if (item.nativeId) newByNativeId.set(item.platform, item.nativeId, created);
      return created.values[0];
    }

    /** Writes the new items; until then, nothing that refers to them can be written. */
    function flush(): void {
      items.insertMany(
        tx,
        newItems.map((created) => created.values),
      );
      newItems.length = 0;
      newByUrl.clear();
      newByUrlExact = true;
      newByNativeId.clear();
    }

    return { prefetch, add, flush, find };
  }

  /** The sightings of a response's items, written together once the items exist. */
  function createSourceWriter(tx: WritableDB, responseId: number) {
    const rows: SourceRow[] = [];
    const byItemAndPath = new KeyedByScope<number, SourceRow>();
    const withCounts = new Set<number>();
    return {
      /** Provenance in the order the response listed its records; the first counts per item are its snapshot. */
      link(id: number, sourcePath: string, metrics: Metrics | null): void {
        let row = byItemAndPath.get(id, sourcePath);
        if (!row) {
          row = [id, responseId, sourcePath, rows.length, null, null, null, null, null, null];
          rows.push(row);
          byItemAndPath.set(id, sourcePath, row);
        }
        if (metrics !== null && !noMetrics(metrics) && !withCounts.has(id)) {
          withCounts.add(id);
          row[4] = metrics.views;
          row[5] = metrics.likes;
          row[6] = metrics.comments;
          row[7] = metrics.reposts;
          row[8] = metrics.shares;
          row[9] = metrics.followers;
        }
      },
      write(): void {
        items.insertSources(tx, rows);
      },
    };
  }

  function storeTranscript(
    tx: WritableDB,
    transcript: NormalisedTranscript,
    response: ResponseToStore,
    responseId: number,
    itemIds: number[],
    sources: ReturnType<typeof createSourceWriter>,
  ): void {
    const platform = getOperation(response.operation).platform;
    const writer = createItemWriter(tx, responseId, response.fetchedAt);
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
      if (language === '' && transcripts.hasSameTextWithLanguage(itemId, fullText)) return;
      if (language !== '') transcripts.deleteSameTextWithoutLanguage(tx, itemId, fullText);
    }
    const transcriptId = transcripts.upsert(tx, {
      itemId,
      responseId,
      language,
      available: transcript.available,
      format: transcript.format,
      fullText: transcript.fullText,
      fetchedAt: response.fetchedAt,
    });
    if (transcriptId === undefined) return;
    transcripts.replaceSegments(
      tx,
      transcriptId,
      transcript.segments.map((segment, seq) => [
        transcriptId,
        seq,
        Math.round(segment.startMs),
        segment.endMs === null ? null : Math.round(segment.endMs),
        segment.text,
      ]),
    );
    transcripts.markItem(tx, itemId);
  }

  function store(tx: WritableDB, response: ResponseToStore): IngestResult {
    const sha256 = createHash('sha256').update(response.body, 'utf8').digest('hex');
    const stored = responses.idOf(response.requestId, sha256);
    if (stored !== undefined) {
      return { responseId: stored, alreadyStored: true, itemIds: responses.itemIdsOf(stored), transcripts: 0, warnings: [] };
    }
    // The raw body keeps what was received; the text columns hold only what UTF-8 can (no lone surrogates).
    const normalisation = makeWellFormed(normalise(response.operation, response.data, response.params));
    const earlier = responses.firstFetchedAtOf(response.requestId);
    const warnings = [
      ...normalisation.warnings,
      ...(response.warnings ?? []),
      // Both answers are evidence; which one the id belongs to is for the user to judge, so neither is dropped.
      ...(earlier
        ? [`This answer carries the request id of a different answer stored before (fetched ${earlier}); both are kept as received.`]
        : []),
    ];
    // The item count is that of the records; corrected below in the rare case that records merged
    // or a transcript brought an item (an UPDATE would rewrite the whole stored body).
    const responseId = responses.insert(tx, {
      operation: response.operation,
      paramsJson: JSON.stringify(response.params),
      requestUrl: response.requestUrl,
      requestId: response.requestId,
      status: response.status,
      fetchedAt: response.fetchedAt,
      durationMs: response.durationMs,
      sha256,
      body: response.body,
      nextPageJson: response.nextPage ? JSON.stringify(response.nextPage) : null,
      itemCount: normalisation.items.length,
      warningsJson: JSON.stringify(warnings),
    });
    const { fetchedAt } = response;

    const writer = createItemWriter(tx, responseId, fetchedAt);
    writer.prefetch(normalisation.items);
    const found = normalisation.items.map((item) => writer.add(item));
    writer.flush();

    const sources = createSourceWriter(tx, responseId);
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
    for (const transcript of normalisation.transcripts) storeTranscript(tx, transcript, response, responseId, itemIds, sources);
    sources.write();
    knownLinksRepository.rememberResolvedLink(tx, response, responseId, itemIds);
    if (itemIds.length !== normalisation.items.length) responses.setItemCount(tx, responseId, itemIds.length);
    return { responseId, alreadyStored: false, itemIds, transcripts: normalisation.transcripts.length, warnings };
  }

  const ingest = (response: ResponseToStore): IngestResult => writeTransaction(db, (tx) => store(tx, response));
  return Object.assign(ingest, {
    within: store,
    storeMany: (many: readonly ResponseToStore[]) => writeTransaction(db, (tx) => many.map((response) => store(tx, response))),
  });
}
