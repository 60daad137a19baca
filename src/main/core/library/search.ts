/**
 * Library search: the parsed query (src/shared/search-query.ts) runs against three FTS5
 * indexes — item titles/texts/authors, notes, transcript segments — and the best hit per
 * item is ranked by bm25, filtered, and returned with a highlighted snippet. A transcript
 * hit points at its segment and timestamp.
 */
import { GleanerError } from '../../../shared/errors';
import type { SearchHit, SearchRequest, SearchResult, SearchSort } from '../../../shared/library';
import { parseSearchQuery } from '../../../shared/search-query';
import type { Database } from '../store/database';






export interface SnippetMarkers {
  start: string;
  end: string;
}

/** Private-use characters: they cannot occur in platform text, so the renderer can split on them safely. */
export const DEFAULT_MARKERS: SnippetMarkers = { start: '\uE000', end: '\uE001' };

const ORDER_BY: Record<SearchSort, string> = {
  relevance: 'score ASC, i.id DESC',
  published: 'i.published_at IS NULL, i.published_at DESC, i.id DESC',
  fetched: 'i.last_fetched_at DESC, i.id DESC',
  views: 'i.views IS NULL, i.views DESC, i.id DESC',
  likes: 'i.likes IS NULL, i.likes DESC, i.id DESC',
  title: 'i.title IS NULL, i.title COLLATE NOCASE ASC, i.id ASC',
};

/** Builds the SQL for a search; exported so tests can check its plan with EXPLAIN QUERY PLAN. */
export function buildSearchSql(request: SearchRequest, markers: SnippetMarkers = DEFAULT_MARKERS): { sql: string; countSql: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {};
  const where: string[] = [];
  if (request.platform) {
    where.push('i.platform = @platform');
    params.platform = request.platform;
  }
  if (request.kind) {
    where.push('i.kind = @kind');
    params.kind = request.kind;
  }
  if (request.collection) {
    where.push('EXISTS (SELECT 1 FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE ci.item_id = i.id AND c.name = @collection)');
    params.collection = request.collection;
  }
  if (request.tag) {
    where.push('EXISTS (SELECT 1 FROM tags t WHERE t.item_id = i.id AND t.tag = @tag)');
    params.tag = request.tag;
  }
  if (request.publishedFrom) {
    where.push('i.published_at >= @publishedFrom');
    params.publishedFrom = request.publishedFrom;
  }
  if (request.publishedTo) {
    where.push('i.published_at <= @publishedTo');
    params.publishedTo = request.publishedTo;
  }
  if (request.hasTranscript !== undefined) {
    where.push('i.has_transcript = @hasTranscript');
    params.hasTranscript = request.hasTranscript ? 1 : 0;
  }
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const columns = `i.id, i.platform, i.kind, i.title, i.author_name AS authorName, i.author_handle AS authorHandle,
    i.published_at AS publishedAt, i.published_text AS publishedText, i.url, i.thumbnail_url AS thumbnailUrl,
    i.views, i.likes, i.comments, i.has_transcript AS hasTranscript, i.last_fetched_at AS lastFetchedAt`;
  params.limit = Math.min(Math.max(request.limit ?? 50, 1), 1000);
  params.offset = Math.max(request.offset ?? 0, 0);

  const query = request.query?.trim();
  if (!query) {
    const sort = request.sort && request.sort !== 'relevance' ? request.sort : 'fetched';
    return {
      sql: `SELECT ${columns}, NULL AS snippet, NULL AS matchedIn, NULL AS segmentStartMs, 0 AS score FROM items i ${filter}
            ORDER BY ${ORDER_BY[sort]} LIMIT @limit OFFSET @offset`,
      countSql: `SELECT count(*) AS n FROM items i ${filter}`,
      params,
    };
  }

  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new GleanerError('INVALID_INPUT', `The search could not be read: ${parsed.message}`);
  params.match = parsed.fts;
  params.markStart = markers.start;
  params.markEnd = markers.end;
  // Title matches count most, then text, then author; notes and transcripts rank like text.
  const hits = `
    WITH hits AS (
      SELECT rowid AS item_id, bm25(items_fts, 10.0, 4.0, 2.0) AS score,
             snippet(items_fts, -1, @markStart, @markEnd, '…', 16) AS snippet, 'item' AS matchedIn, NULL AS segmentStartMs
        FROM items_fts WHERE items_fts MATCH @match
      UNION ALL
      SELECT n.item_id, bm25(notes_fts) * 0.8, snippet(notes_fts, 0, @markStart, @markEnd, '…', 16), 'note', NULL
        FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid WHERE notes_fts MATCH @match
      UNION ALL
      SELECT t.item_id, bm25(segments_fts) * 0.8, snippet(segments_fts, 0, @markStart, @markEnd, '…', 16), 'transcript', s.start_ms
        FROM segments_fts JOIN transcript_segments s ON s.id = segments_fts.rowid JOIN transcripts t ON t.id = s.transcript_id
        WHERE segments_fts MATCH @match
    ),
    best AS (
      SELECT *, row_number() OVER (PARTITION BY item_id ORDER BY score, segmentStartMs) AS rank_in_item,
             -- The best transcript moment, even when the item's best hit is its title: "open at" needs it.
             first_value(segmentStartMs) OVER (PARTITION BY item_id ORDER BY matchedIn = 'transcript' DESC, score) AS transcriptStartMs
        FROM hits
    )`;
  return {
    sql: `${hits}
      SELECT ${columns}, b.snippet, b.matchedIn, b.transcriptStartMs AS segmentStartMs, b.score
        FROM best b JOIN items i ON i.id = b.item_id
        ${filter ? `${filter} AND` : 'WHERE'} b.rank_in_item = 1
        ORDER BY ${ORDER_BY[request.sort ?? 'relevance']} LIMIT @limit OFFSET @offset`,
    countSql: `${hits}
      SELECT count(*) AS n FROM (SELECT DISTINCT item_id FROM hits) h JOIN items i ON i.id = h.item_id ${filter}`,
    params,
  };
}

interface HitRow extends Omit<SearchHit, 'hasTranscript'> {
  hasTranscript: number;
}

export function searchLibrary(db: Database, request: SearchRequest, markers: SnippetMarkers = DEFAULT_MARKERS): SearchResult {
  const { sql, countSql, params } = buildSearchSql(request, markers);
  const { limit: _limit, offset: _offset, ...countParams } = params;
  try {
    const rows = db.prepare<Record<string, unknown>, HitRow & { score: number }>(sql).all(params);
    const total = (db.prepare<Record<string, unknown>, { n: number }>(countSql).get(countParams) ?? { n: 0 }).n;
    return {
      hits: rows.map(({ score: _score, ...row }) => ({ ...row, hasTranscript: row.hasTranscript === 1 })),
      total,
    };
  } catch (error) {
    // The parser quotes every term, so this is not expected; still never show SQL to a user.
    if (error instanceof Error && /fts5|MATCH/i.test(error.message)) {
      throw new GleanerError('INVALID_INPUT', 'The search could not be read; try simpler words or put a phrase in quotes.');
    }
    throw error;
  }
}
