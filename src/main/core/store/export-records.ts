/**
 * What an export reads: the items of a scope with their citation, and the transcripts of those
 * items segment by segment. Rows come from a read-only connection (see export-scope.ts) and are
 * iterated, never loaded all at once.
 */
import type { Database, Statement } from 'better-sqlite3';
import { isoUtc, makeCitation } from '../../../shared/citation';
import type { Citation, ItemRecord } from '../../../shared/library';
import { itemIsDemoSql } from './demo-mark';
import { parseExtras } from './items-repository';

/** An item as exported: the library's record (without display-only columns), its tags, notes and citation. */
export interface ExportItem extends Omit<ItemRecord, 'thumbnailUrl' | 'firstFetchedAt' | 'lastFetchedAt'> {
  tags: string[];
  notes: { collection: string | null; body: string }[];
  citation: Citation;
}

export interface ExportTranscript {
  id: number;
  itemId: number;
  language: string | null;
  format: string;
  fullText: string | null;
  fetchedAt: string;
  operation: string;
  requestId: string;
  /** Whether the stored transcript has timed segments (an untimed one is only its full text). */
  timed: boolean;
}

export interface ExportSegment {
  /** 1-based position in its transcript. */
  number: number;
  startMs: number;
  endMs: number | null;
  text: string;
}

interface ItemRow extends Omit<ExportItem, 'hasTranscript' | 'tags' | 'notes' | 'citation' | 'extras' | 'publishedApproximate' | 'demo'> {
  hasTranscript: number;
  publishedApproximate: number;
  demo: number;
  extrasJson: string | null;
  tagsJson: string;
  notesJson: string;
  operation: string;
  requestId: string;
  citedFetchedAt: string;
}

const ITEM_SELECT = `SELECT i.id, i.platform, i.kind, i.native_id AS nativeId, i.url, i.title, i.text,
  i.author_name AS authorName, i.author_handle AS authorHandle, i.author_id AS authorId, i.author_url AS authorUrl,
  i.published_at AS publishedAt, i.published_text AS publishedText, i.duration_ms AS durationMs,
  i.views, i.likes, i.comments, i.reposts, i.shares, i.followers, i.has_transcript AS hasTranscript, i.extras AS extrasJson,
  i.published_approximate AS publishedApproximate, ${itemIsDemoSql('i')} AS demo,
  r.operation, r.request_id AS requestId, r.fetched_at AS citedFetchedAt,
  (SELECT json_group_array(tag) FROM (SELECT DISTINCT tag FROM tags WHERE item_id = i.id ORDER BY tag COLLATE NOCASE)) AS tagsJson,
  (SELECT json_group_array(json_object('collection', name, 'body', body)) FROM (
     SELECT c.name, n.body FROM notes n LEFT JOIN collections c ON c.id = n.collection_id
      WHERE n.item_id = i.id AND n.body <> '' ORDER BY n.collection_id)) AS notesJson`;

/** Items with at least one available transcript: the items a transcript export covers. */

function toExportItem(row: ItemRow): ExportItem {
  const { hasTranscript, publishedApproximate, demo, extrasJson, tagsJson, notesJson, operation, requestId, citedFetchedAt, ...fields } =
    row;
  const approximate = publishedApproximate === 1;
  return {
    ...fields,
    demo: demo === 1,
    publishedApproximate: approximate,
    publishedAt: isoUtc(fields.publishedAt) ?? null,
    hasTranscript: hasTranscript === 1,
    extras: parseExtras(extrasJson),
    tags: JSON.parse(tagsJson) as string[],
    notes: JSON.parse(notesJson) as { collection: string | null; body: string }[],
    // The flag rides with the citation, so every format and style that cites the date can say it is approximate.
    citation: {
      ...makeCitation({ ...fields, demo: demo === 1 }, { operation, requestId, fetchedAt: citedFetchedAt }),
      ...(approximate ? { publishedApproximate: true } : {}),
    },
  };
}

/** The statements one export runs against its scope table. */
export interface ExportQueries {
  /** The scope's items in order, each with its citation. */
  items(options: { withTranscriptsOnly: boolean }): IterableIterator<ExportItem>;
  countItems(options: { withTranscriptsOnly: boolean }): number;
  /** Whether any of the scope's items is demo data. */
  hasDemoItems(): boolean;
  /** One item by id (transcript exports look each item up as its segments begin). */
  item(id: number): ExportItem;
  transcript(id: number): ExportTranscript;
  /**
   * Every available transcript of the scope's items, segment by segment, as raw rows
   * `[itemId, transcriptId, number | null, startMs | null, endMs | null, text | null]`:
   * an untimed transcript is one row of nulls. Raw arrays keep the hot loop cheap.
   */
  segmentRows(options?: { everyItem: boolean }): IterableIterator<SegmentRow>;
  /** With `everyItem`, an item without a chosen transcript is one row `[itemId, null, …]`, in its place. */
  countSegmentRows(options?: { everyItem: boolean }): number;
  /** The timed segments of the scope's chosen transcripts (an untimed transcript's placeholder row is not one). */
  countTimedSegments(): number;
  /** The languages of the scope's available transcripts, one per transcript (null: not stated). */
  transcriptLanguages(): (string | null)[];
}

/** Segments read from SQLite per query while a transcript is exported. */
const SEGMENT_PAGE = 2000;

export type SegmentRow = [
  itemId: number,
  transcriptId: number | null,
  number: number | null,
  startMs: number | null,
  endMs: number | null,
  text: string | null,
];

/**
 * @param language only the transcripts in this language (as the library spells it: canonicalLanguage), when given
 */
export function createExportQueries(db: Database, scopeTable: string, language?: string): ExportQueries {
  // Which transcripts count: those that exist, in the language asked for.
  const chosen = `t.available = 1${language === undefined ? '' : ' AND t.language = @language'}`;
  const bind: [] | [{ language: string }] = language === undefined ? [] : [{ language }];
  const HAS_AVAILABLE_TRANSCRIPT = `EXISTS (SELECT 1 FROM transcripts t WHERE t.item_id = i.id AND ${chosen})`;
  const itemsSql = (only: boolean) =>
    `${ITEM_SELECT} FROM ${scopeTable} s JOIN items i ON i.id = s.item_id JOIN responses r ON r.id = i.last_response_id
     ${only ? `WHERE ${HAS_AVAILABLE_TRANSCRIPT}` : ''} ORDER BY s.ord`;
  const countSql = (only: boolean) =>
    `SELECT count(*) AS n FROM ${scopeTable} s JOIN items i ON i.id = s.item_id ${only ? `WHERE ${HAS_AVAILABLE_TRANSCRIPT}` : ''}`;
  // The scope's items joined to their chosen transcripts.
  const transcriptsFrom = `FROM ${scopeTable} s JOIN transcripts t ON t.item_id = s.item_id AND ${chosen}`;
  const segmentsFrom = `${transcriptsFrom}
    LEFT JOIN transcript_segments g ON g.transcript_id = t.id`;
  const cache = new Map<string, Statement>();
  const prepare = (sql: string): Statement => {
    let found = cache.get(sql);
    if (!found) {
      found = db.prepare(sql);
      cache.set(sql, found);
    }
    return found;
  };
  return {
    *items({ withTranscriptsOnly }) {
      const statement = prepare(itemsSql(withTranscriptsOnly));
      for (const row of (withTranscriptsOnly ? statement.iterate(...bind) : statement.iterate()) as IterableIterator<ItemRow>)
        yield toExportItem(row);
    },
    hasDemoItems: () =>
      (
        prepare(
          `SELECT EXISTS (SELECT 1 FROM ${scopeTable} s JOIN items i ON i.id = s.item_id WHERE ${itemIsDemoSql('i')}) AS demo`,
        ).get() as {
          demo: number;
        }
      ).demo === 1,
    countItems: ({ withTranscriptsOnly }) => {
      const statement = prepare(countSql(withTranscriptsOnly));
      return ((withTranscriptsOnly ? statement.get(...bind) : statement.get()) as { n: number }).n;
    },
    item(id) {
      const row = prepare(`${ITEM_SELECT} FROM items i JOIN responses r ON r.id = i.last_response_id WHERE i.id = ?`).get(id) as
        ItemRow | undefined;
      if (!row) throw new Error(`item ${id} vanished during the export`);
      return toExportItem(row);
    },
    transcript(id) {
      const row = prepare(
        `SELECT t.id, t.item_id AS itemId, t.language, t.format, t.full_text AS fullText, t.fetched_at AS fetchedAt,
                r.operation, r.request_id AS requestId, EXISTS (SELECT 1 FROM transcript_segments g WHERE g.transcript_id = t.id) AS timed
           FROM transcripts t JOIN responses r ON r.id = t.response_id WHERE t.id = ?`,
      ).get(id) as (Omit<ExportTranscript, 'timed'> & { timed: number }) | undefined;
      if (!row) throw new Error(`transcript ${id} vanished during the export`);
      return {
        ...row,
        language: row.language === '' ? null : row.language,
        fetchedAt: isoUtc(row.fetchedAt) ?? row.fetchedAt,
        timed: row.timed === 1,
      };
    },
    *segmentRows(options = { everyItem: false }) {
      const transcripts = prepare(
        options.everyItem
          ? `SELECT s.item_id, t.id FROM ${scopeTable} s LEFT JOIN transcripts t ON t.item_id = s.item_id AND ${chosen} ORDER BY s.ord, t.language`
          : `SELECT s.item_id, t.id ${transcriptsFrom} ORDER BY s.ord, t.language`,
      ).raw(true);
      // Each transcript's segments are read a page at a time (seq is indexed with its transcript):
      // a page of rows costs less to bring into JavaScript than the same rows one by one.
      const page = prepare(
        `SELECT ?, transcript_id, seq + 1, start_ms, end_ms, text FROM transcript_segments
          WHERE transcript_id = ? AND seq >= ? ORDER BY seq LIMIT ${SEGMENT_PAGE}`,
      ).raw(true);
      for (const [itemId, transcriptId] of transcripts.iterate(...bind) as IterableIterator<[number, number | null]>) {
        if (transcriptId === null) {
          yield [itemId, null, null, null, null, null];
          continue;
        }
        let rows = page.all(itemId, transcriptId, Number.MIN_SAFE_INTEGER) as SegmentRow[];
        // An untimed transcript is one row of nulls, as a LEFT JOIN would give it.
        if (rows.length === 0) yield [itemId, transcriptId, null, null, null, null];
        while (rows.length > 0) {
          yield* rows;
          if (rows.length < SEGMENT_PAGE) break;
          // The next page starts after the last segment's seq (its number is seq + 1).
          rows = page.all(itemId, transcriptId, rows[rows.length - 1]![2]) as SegmentRow[];
        }
      }
    },
    countSegmentRows: (options = { everyItem: false }) => {
      const segments = (prepare(`SELECT count(*) AS n ${segmentsFrom}`).get(...bind) as { n: number }).n;
      if (!options.everyItem) return segments;
      const without = prepare(
        `SELECT count(*) AS n FROM ${scopeTable} s JOIN items i ON i.id = s.item_id WHERE NOT ${HAS_AVAILABLE_TRANSCRIPT}`,
      );
      return segments + (without.get(...bind) as { n: number }).n;
    },
    countTimedSegments: () =>
      (
        prepare(`SELECT count(*) AS n ${transcriptsFrom} JOIN transcript_segments g ON g.transcript_id = t.id`).get(...bind) as {
          n: number;
        }
      ).n,
    transcriptLanguages: () =>
      (
        prepare(`SELECT t.language ${transcriptsFrom} ORDER BY t.language`)
          .pluck()
          .all(...bind) as string[]
      ).map((stored) => (stored === '' ? null : stored)),
  };
}
