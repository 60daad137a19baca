/**
 * Turns one service response into library rows, in one transaction: the response as
 * received (provenance), the items it holds (deduplicated), a metrics snapshot per item,
 * and any transcript. A response is keyed by its request id, so storing it again — a
 * replay, or a retry after a crash between send and commit — changes nothing.
 */
import { createHash } from 'node:crypto';
import { getOperation, type OperationId } from '../../../shared/catalogue';
import type { Normalisation, NormalisedItem, NormalisedTranscript } from '../../../shared/model';
import type { Database } from '../store/database';

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
}

export interface IngestResult {
  responseId: number;
  /** True when this request id was stored before; nothing was changed. */
  alreadyStored: boolean;
  /** Item ids in the order the response listed them (duplicates removed). */
  itemIds: number[];
  transcripts: number;
  warnings: string[];
}

export type NormaliseFn = (operation: OperationId, data: unknown, params: Record<string, string>) => Normalisation;

interface ItemRow {
  id: number;
}

export function createIngester(db: Database, normalise: NormaliseFn): (response: ResponseToStore) => IngestResult {
  const findResponse = db.prepare<[string], { id: number }>('SELECT id FROM responses WHERE request_id = ?');
  const itemsOfResponse = db.prepare<[number], { item_id: number }>(
    'SELECT item_id FROM item_sources WHERE response_id = ? GROUP BY item_id ORDER BY min(rowid)',
  );
  const insertResponse = db.prepare(
    `INSERT INTO responses (operation, params, request_url, request_id, status, fetched_at, duration_ms, body_sha256, body, next_page)
     VALUES (@operation, @params, @requestUrl, @requestId, @status, @fetchedAt, @durationMs, @sha256, @body, @nextPage)`,
  );
  const finishResponse = db.prepare('UPDATE responses SET item_count = ?, parse_warnings = ? WHERE id = ?');
  const byNativeId = db.prepare<[string, string], ItemRow>('SELECT id FROM items WHERE platform = ? AND native_id = ?');
  const byUrl = db.prepare<[string, string], ItemRow>('SELECT id FROM items WHERE platform = ? AND url = ? ORDER BY id LIMIT 1');
  const insertItem = db.prepare(
    `INSERT INTO items (platform, kind, native_id, url, title, text, author_name, author_handle, author_id, author_url,
       published_at, published_text, duration_ms, thumbnail_url, views, likes, comments, reposts, shares, followers,
       first_fetched_at, last_fetched_at, last_response_id)
     VALUES (@platform, @kind, @nativeId, @url, @title, @text, @authorName, @authorHandle, @authorId, @authorUrl,
       @publishedAt, @publishedText, @durationMs, @thumbnailUrl, @views, @likes, @comments, @reposts, @shares, @followers,
       @fetchedAt, @fetchedAt, @responseId)`,
  );
  // A trimmed or partial response must not erase what a fuller one stored: new values win only when present.
  const updateItem = db.prepare(
    `UPDATE items SET
       kind = @kind, native_id = coalesce(native_id, @nativeId), url = coalesce(@url, url),
       title = coalesce(@title, title), text = coalesce(@text, text),
       author_name = coalesce(@authorName, author_name), author_handle = coalesce(@authorHandle, author_handle),
       author_id = coalesce(@authorId, author_id), author_url = coalesce(@authorUrl, author_url),
       published_at = coalesce(@publishedAt, published_at), published_text = coalesce(@publishedText, published_text),
       duration_ms = coalesce(@durationMs, duration_ms), thumbnail_url = coalesce(@thumbnailUrl, thumbnail_url),
       views = coalesce(@views, views), likes = coalesce(@likes, likes), comments = coalesce(@comments, comments),
       reposts = coalesce(@reposts, reposts), shares = coalesce(@shares, shares), followers = coalesce(@followers, followers),
       last_fetched_at = max(last_fetched_at, @fetchedAt), last_response_id = @responseId
     WHERE id = @id`,
  );
  const insertSource = db.prepare('INSERT OR IGNORE INTO item_sources (item_id, response_id, source_path) VALUES (?, ?, ?)');
  const insertSnapshot = db.prepare(
    `INSERT OR IGNORE INTO metric_snapshots (item_id, response_id, fetched_at, views, likes, comments, reposts, shares, followers)
     VALUES (@itemId, @responseId, @fetchedAt, @views, @likes, @comments, @reposts, @shares, @followers)`,
  );
  const upsertTranscript = db.prepare<unknown[], { id: number }>(
    `INSERT INTO transcripts (item_id, response_id, language, available, format, full_text, fetched_at)
     VALUES (@itemId, @responseId, @language, @available, @format, @fullText, @fetchedAt)
     ON CONFLICT (item_id, language) DO UPDATE SET response_id = excluded.response_id, available = excluded.available,
       format = excluded.format, full_text = excluded.full_text, fetched_at = excluded.fetched_at
     RETURNING id`,
  );
  const deleteSegments = db.prepare('DELETE FROM transcript_segments WHERE transcript_id = ?');
  const insertSegment = db.prepare('INSERT INTO transcript_segments (transcript_id, seq, start_ms, end_ms, text) VALUES (?, ?, ?, ?, ?)');
  const markTranscript = db.prepare(
    'UPDATE items SET has_transcript = EXISTS (SELECT 1 FROM transcripts WHERE item_id = @id AND available = 1) WHERE id = @id',
  );

  function findItem(platform: string, nativeId: string | null, url: string | null): number | undefined {
    if (nativeId) {
      const hit = byNativeId.get(platform, nativeId);
      if (hit) return hit.id;
    }
    // Else by canonical URL — only for an item not already known under another native id.
    if (url) {
      const hit = byUrl.get(platform, url);
      if (hit) return hit.id;
    }
    return undefined;
  }

  function upsertItem(item: NormalisedItem, responseId: number, fetchedAt: string): number {
    const row = {
      platform: item.platform,
      kind: item.kind,
      nativeId: item.nativeId,
      url: item.url,
      title: item.title,
      text: item.text,
      authorName: item.author.name,
      authorHandle: item.author.handle,
      authorId: item.author.id,
      authorUrl: item.author.url,
      publishedAt: item.publishedAt,
      publishedText: item.publishedText,
      durationMs: item.durationMs,
      thumbnailUrl: item.thumbnailUrl,
      ...item.metrics,
      fetchedAt,
      responseId,
    };
    const existing = findItem(item.platform, item.nativeId, item.url);
    const id = existing === undefined ? Number(insertItem.run(row).lastInsertRowid) : (updateItem.run({ ...row, id: existing }), existing);
    insertSource.run(id, responseId, item.sourcePath);
    if (Object.values(item.metrics).some((value) => value !== null)) insertSnapshot.run({ itemId: id, responseId, fetchedAt, ...item.metrics });
    return id;
  }

  function storeTranscript(transcript: NormalisedTranscript, response: ResponseToStore, responseId: number, itemIds: number[]): boolean {
    const platform = getOperation(response.operation).platform;
    let itemId = findItem(platform, transcript.nativeId, transcript.url);
    if (itemId === undefined && itemIds.length === 1) itemId = itemIds[0];
    if (itemId === undefined) {
      // A transcript fetched before its video: give it an item to belong to.
      itemId = upsertItem(
        {
          platform,
          kind: 'video',
          nativeId: transcript.nativeId,
          url: transcript.url,
          title: null,
          text: null,
          author: { name: null, handle: null, id: null, url: null },
          publishedAt: null,
          publishedText: null,
          durationMs: null,
          thumbnailUrl: null,
          metrics: { views: null, likes: null, comments: null, reposts: null, shares: null, followers: null },
          sourcePath: 'transcript',
        },
        responseId,
        response.fetchedAt,
      );
      itemIds.push(itemId);
    }
    const { id: transcriptId } = upsertTranscript.get({
      itemId,
      responseId,
      language: transcript.language ?? '',
      available: transcript.available ? 1 : 0,
      format: transcript.format,
      fullText: transcript.fullText,
      fetchedAt: response.fetchedAt,
    })!;
    deleteSegments.run(transcriptId);
    transcript.segments.forEach((segment, seq) => insertSegment.run(transcriptId, seq, Math.round(segment.startMs), segment.endMs === null ? null : Math.round(segment.endMs), segment.text));
    markTranscript.run({ id: itemId });
    return true;
  }

  return db.transaction((response: ResponseToStore): IngestResult => {
    const stored = findResponse.get(response.requestId);
    if (stored) {
      return { responseId: stored.id, alreadyStored: true, itemIds: itemsOfResponse.all(stored.id).map((r) => r.item_id), transcripts: 0, warnings: [] };
    }
    const responseId = Number(
      insertResponse.run({
        operation: response.operation,
        params: JSON.stringify(response.params),
        requestUrl: response.requestUrl,
        requestId: response.requestId,
        status: response.status,
        fetchedAt: response.fetchedAt,
        durationMs: response.durationMs,
        sha256: createHash('sha256').update(response.body, 'utf8').digest('hex'),
        body: response.body,
        nextPage: response.nextPage ? JSON.stringify(response.nextPage) : null,
      }).lastInsertRowid,
    );
    const normalisation = normalise(response.operation, response.data, response.params);
    const itemIds: number[] = [];
    for (const item of normalisation.items) {
      const id = upsertItem(item, responseId, response.fetchedAt);
      if (!itemIds.includes(id)) itemIds.push(id);
    }
    let transcripts = 0;
    for (const transcript of normalisation.transcripts) if (storeTranscript(transcript, response, responseId, itemIds)) transcripts += 1;
    finishResponse.run(itemIds.length, JSON.stringify(normalisation.warnings), responseId);
    return { responseId, alreadyStored: false, itemIds, transcripts, warnings: normalisation.warnings };
  });
}
