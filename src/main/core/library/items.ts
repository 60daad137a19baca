/** One item with everything needed to read and cite it: fields, history, transcript, provenance. */
import { makeCitation, type CitedResponse } from '../../../shared/citation';
import { GleanerError } from '../../../shared/errors';
import type { ItemDetail, ItemRecord, MetricSnapshot, Provenance } from '../../../shared/library';
import type { ItemExtras } from '../../../shared/model';
import type { Database } from '../store/database';

export const ITEM_COLUMNS = `i.id, i.platform, i.kind, i.native_id AS nativeId, i.url, i.title, i.text,
  i.author_name AS authorName, i.author_handle AS authorHandle, i.author_id AS authorId, i.author_url AS authorUrl,
  i.published_at AS publishedAt, i.published_text AS publishedText, i.duration_ms AS durationMs,
  i.thumbnail_url AS thumbnailUrl, i.views, i.likes, i.comments, i.reposts, i.shares, i.followers,
  i.first_fetched_at AS firstFetchedAt, i.last_fetched_at AS lastFetchedAt, i.has_transcript AS hasTranscript,
  i.extras AS extrasJson`;

/** The stored extras column (a JSON object, or NULL for none) as an object. */
export const parseExtras = (json: string | null): ItemExtras => (json === null ? {} : (JSON.parse(json) as ItemExtras));

export function getItemDetail(db: Database, id: number): ItemDetail {
  const row = db
    .prepare<[number], Omit<ItemRecord, 'hasTranscript' | 'extras'> & { hasTranscript: number; extrasJson: string | null }>(
      `SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id = ?`,
    )
    .get(id);
  if (!row) throw new GleanerError('NOT_FOUND', `No item with id ${id} is in the library.`);
  const { extrasJson, ...fields } = row;
  const item: ItemRecord = { ...fields, hasTranscript: row.hasTranscript === 1, extras: parseExtras(extrasJson) };
  // The response that last carried the item's fields, as exports cite it (a foreign key keeps it).
  const cited = db
    .prepare<[number], CitedResponse>(
      'SELECT r.operation, r.request_id AS requestId, r.fetched_at AS fetchedAt FROM items i JOIN responses r ON r.id = i.last_response_id WHERE i.id = ?',
    )
    .get(id);
  if (!cited)
    throw new GleanerError(
      'STORAGE_ERROR',
      `The library is damaged: item ${id} names a response it does not hold. Restore it from a backup.`,
    );

  const metricsHistory = db
    .prepare<[number], MetricSnapshot>(
      'SELECT fetched_at AS fetchedAt, views, likes, comments, reposts, shares, followers FROM metric_snapshots WHERE item_id = ? ORDER BY fetched_at, response_id',
    )
    .all(id);

  const transcripts = db
    .prepare<
      [number],
      {
        id: number;
        language: string;
        available: number;
        format: string;
        fullText: string | null;
        fetchedAt: string;
        operation: string;
        requestId: string;
      }
    >(
      `SELECT t.id, t.language, t.available, t.format, t.full_text AS fullText, t.fetched_at AS fetchedAt, r.operation, r.request_id AS requestId
         FROM transcripts t JOIN responses r ON r.id = t.response_id WHERE t.item_id = ? ORDER BY t.fetched_at DESC`,
    )
    .all(id)
    .map((t) => ({
      language: t.language === '' ? null : t.language,
      available: t.available === 1,
      format: t.format,
      fullText: t.fullText,
      fetchedAt: t.fetchedAt,
      operation: t.operation,
      requestId: t.requestId,
      segments: db
        .prepare<[number], { startMs: number; endMs: number | null; text: string }>(
          'SELECT start_ms AS startMs, end_ms AS endMs, text FROM transcript_segments WHERE transcript_id = ? ORDER BY seq',
        )
        .all(t.id),
    }));

  const provenance = db
    .prepare<[number], Omit<Provenance, 'params'> & { params: string }>(
      `SELECT r.id AS responseId, r.operation, r.params, r.request_id AS requestId, r.request_url AS requestUrl, r.status,
              r.fetched_at AS fetchedAt, r.body_sha256 AS sha256, s.source_path AS sourcePath
         FROM item_sources s JOIN responses r ON r.id = s.response_id WHERE s.item_id = ? ORDER BY r.fetched_at, r.id`,
    )
    .all(id)
    .map((p) => ({ ...p, params: JSON.parse(p.params) as Record<string, string> }));

  const collections = db
    .prepare<[number], { name: string }>(
      'SELECT c.name FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE ci.item_id = ? ORDER BY c.name COLLATE NOCASE',
    )
    .all(id)
    .map((c) => c.name);

  const notes = db
    .prepare<[number], { collection: string | null; body: string; updatedAt: string }>(
      `SELECT c.name AS collection, n.body, n.updated_at AS updatedAt FROM notes n LEFT JOIN collections c ON c.id = n.collection_id
        WHERE n.item_id = ? ORDER BY n.collection_id`,
    )
    .all(id);

  const tags = db
    .prepare<[number], { collection: string | null; tag: string }>(
      `SELECT c.name AS collection, t.tag FROM tags t LEFT JOIN collections c ON c.id = t.collection_id WHERE t.item_id = ? ORDER BY t.collection_id, t.tag`,
    )
    .all(id);

  return { item, citation: makeCitation(item, cited), metricsHistory, transcripts, provenance, collections, notes, tags };
}

/** The raw response body exactly as received, for the "raw JSON" panel and citations. */
export function getRawResponse(
  db: Database,
  responseId: number,
): { requestId: string; operation: string; fetchedAt: string; sha256: string; body: string } {
  const row = db
    .prepare<[number], { requestId: string; operation: string; fetchedAt: string; sha256: string; body: string }>(
      'SELECT request_id AS requestId, operation, fetched_at AS fetchedAt, body_sha256 AS sha256, body FROM responses WHERE id = ?',
    )
    .get(responseId);
  if (!row) throw new GleanerError('NOT_FOUND', `No stored response with id ${responseId}.`);
  return row;
}
