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
import { makeWellFormed } from '../../../shared/text';
import { makeItem } from '../platforms/read/item';
import type { Database } from '../store/database';
import { createItemsRepository, type SourceRow } from '../store/items-repository';
import { knownLinksRepository } from '../store/queue/known-links';
import { createResponsesRepository } from '../store/responses-repository';
import { createTranscriptsRepository } from '../store/transcripts-repository';
import { custodyRepository } from '../store/custody/custody-repository';
import { canonicalJson } from '../../../shared/custody';
import { writeTransaction, type ReadableDB, type WritableDB } from '../store/write-transaction';
import { createItemWriter, KeyedByScope, NativeIdStoredAfterAll } from './item-writer';

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
  /** A next page the answer named that cannot be sent: its values and why (the queue fails a further page with it). */
  refusedPage?: { params: Record<string, string>; reason: string };
  /**
   * An answer a colleague fetched, pulled through the team hub: its custody entry is theirs (kept
   * from the hub in custody_imported), so this desk's log gets none, as for their notes and tags.
   */
  pulled?: boolean;
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

export interface IngesterOptions {
  /**
   * 'batched' (the default) looks up a response's stored items in one query per kind of key;
   * 'per-record' asks as each record is matched, the plain reading of the rules that tests hold
   * the batched lookups to.
   */
  lookups?: 'batched' | 'per-record';
}

export function createIngester(database: Database, normalise: NormaliseFn, { lookups = 'batched' }: IngesterOptions = {}): Ingester {
  const db = database as ReadableDB;
  const responses = createResponsesRepository(db);
  const items = createItemsRepository(db);
  const transcripts = createTranscriptsRepository(db);

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

  /** The records' items, matched and written; their ids in the records' order. */
  function writeItems(tx: WritableDB, records: readonly NormalisedItem[], responseId: number, fetchedAt: string): number[] {
    const matchAll = (lookUpNativeIds: boolean): number[] => {
      const writer = createItemWriter(items, tx, responseId, fetchedAt);
      if (lookups === 'batched') writer.prefetch(records, lookUpNativeIds);
      const ids = records.map((item) => writer.add(item));
      writer.flush();
      return ids;
    };
    try {
      return matchAll(false);
    } catch (error) {
      if (!(error instanceof NativeIdStoredAfterAll)) throw error;
      return matchAll(true);
    }
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
    const writer = createItemWriter(items, tx, responseId, response.fetchedAt);
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

    const found = writeItems(tx, normalisation.items, responseId, fetchedAt);

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
    // In the same transaction as the answer: stored and logged together, or neither.
    if (response.pulled !== true) {
      custodyRepository.append(tx, {
        at: fetchedAt,
        kind: 'fetch',
        action: 'fetched',
        subject: { operation: response.operation, params: canonicalJson(response.params), requestId: response.requestId, sha256, itemIds },
      });
    }
    return { responseId, alreadyStored: false, itemIds, transcripts: normalisation.transcripts.length, warnings };
  }

  const ingest = (response: ResponseToStore): IngestResult => writeTransaction(db, (tx) => store(tx, response));
  return Object.assign(ingest, {
    within: store,
    storeMany: (many: readonly ResponseToStore[]) => writeTransaction(db, (tx) => many.map((response) => store(tx, response))),
  });
}
