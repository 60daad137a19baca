/** Transcripts (one per item and language) and their timed segments. */
import { multiRowInsert } from './multi-row-insert';
import type { ReadableDB, WritableDB } from './write-transaction';
import { preparedOnUse } from './prepared-on-use';

export interface TranscriptToStore {
  itemId: number;
  responseId: number;
  /** '' when the service named none. */
  language: string;
  available: boolean;
  format: string;
  fullText: string | null;
  fetchedAt: string;
}

export type SegmentRow = [transcriptId: number, seq: number, startMs: number, endMs: number | null, text: string];

/** A transcript of an item as its detail shows it, with the response it came from. */
export interface StoredTranscript {
  id: number;
  language: string;
  available: boolean;
  format: string;
  fullText: string | null;
  fetchedAt: string;
  operation: string;
  requestId: string;
}

export interface StoredSegment {
  startMs: number;
  endMs: number | null;
  text: string;
}

export interface TranscriptsRepository<Tx = WritableDB> {
  /** An available transcript of the item in some language with exactly this text. */
  hasSameTextWithLanguage(itemId: number, fullText: string): boolean;
  ofItem(itemId: number): StoredTranscript[];
  segments(transcriptId: number): StoredSegment[];
  /**
   * Stores the transcript of (item, language), replacing the one held unless this one says
   * "none" and that one has text. Returns its id, or undefined when nothing was replaced.
   */
  upsert(tx: Tx, transcript: TranscriptToStore): number | undefined;
  deleteSameTextWithoutLanguage(tx: Tx, itemId: number, fullText: string): void;
  replaceSegments(tx: Tx, transcriptId: number, rows: readonly SegmentRow[]): void;
  /** Sets the item's has_transcript flag from what it holds now. */
  markItem(tx: Tx, itemId: number): void;
}

export function createTranscriptsRepository(db: ReadableDB): TranscriptsRepository {
  const upsert = preparedOnUse(() =>
    db.prepare<unknown[], { id: number }>(
      `INSERT INTO transcripts (item_id, response_id, language, available, format, full_text, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (item_id, language) DO UPDATE SET response_id = excluded.response_id, available = excluded.available,
       format = excluded.format, full_text = excluded.full_text, fetched_at = excluded.fetched_at
       -- A later "none in that language" does not erase a transcript the library holds; that
       -- answer stays in the item's provenance.
       WHERE excluded.available = 1 OR transcripts.available = 0
     RETURNING id`,
    ),
  );
  const deleteSegments = preparedOnUse(() => db.prepare<[number]>('DELETE FROM transcript_segments WHERE transcript_id = ?'));
  const insertSegments = multiRowInsert(db, 'transcript_segments', 'transcript_id, seq, start_ms, end_ms, text', 5);
  const sameTextWithLanguage = preparedOnUse(() =>
    db.prepare<[number, string], { id: number }>(
      "SELECT id FROM transcripts WHERE item_id = ? AND language <> '' AND available = 1 AND full_text = ? LIMIT 1",
    ),
  );
  const deleteSameTextWithoutLanguage = preparedOnUse(() =>
    db.prepare<[number, string]>("DELETE FROM transcripts WHERE item_id = ? AND language = '' AND available = 1 AND full_text = ?"),
  );
  const markItem = preparedOnUse(() =>
    db.prepare<[number, number]>(
      'UPDATE items SET has_transcript = EXISTS (SELECT 1 FROM transcripts WHERE item_id = ? AND available = 1) WHERE id = ?',
    ),
  );
  const ofItem = preparedOnUse(() =>
    db.prepare<[number], Omit<StoredTranscript, 'available'> & { available: number }>(
      `SELECT t.id, t.language, t.available, t.format, t.full_text AS fullText, t.fetched_at AS fetchedAt, r.operation, r.request_id AS requestId
       FROM transcripts t JOIN responses r ON r.id = t.response_id WHERE t.item_id = ? ORDER BY t.fetched_at DESC`,
    ),
  );
  const segments = preparedOnUse(() =>
    db.prepare<[number], StoredSegment>(
      'SELECT start_ms AS startMs, end_ms AS endMs, text FROM transcript_segments WHERE transcript_id = ? ORDER BY seq',
    ),
  );
  return {
    hasSameTextWithLanguage: (itemId, fullText) => sameTextWithLanguage().get(itemId, fullText) !== undefined,
    ofItem: (itemId) =>
      ofItem()
        .all(itemId)
        .map((t) => ({ ...t, available: t.available === 1 })),
    segments: (transcriptId) => segments().all(transcriptId),
    upsert: (_tx, t) => upsert().get(t.itemId, t.responseId, t.language, t.available ? 1 : 0, t.format, t.fullText, t.fetchedAt)?.id,
    deleteSameTextWithoutLanguage: (_tx, itemId, fullText) => void deleteSameTextWithoutLanguage().run(itemId, fullText),
    replaceSegments(tx, transcriptId, rows) {
      deleteSegments().run(transcriptId);
      insertSegments(tx, rows);
    },
    markItem: (_tx, itemId) => void markItem().run(itemId, itemId),
  };
}
