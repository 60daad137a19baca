/**
 * Search, step two of three (parse → build → run): a request, already parsed by
 * src/shared/search-query.ts, becomes the SQL of its statements and their named parameters.
 * Pure: no database is needed to build or to test it.
 */
import { GleanerError } from '../../../../shared/errors';
import { endOfBareDay, type SearchRequest, type SearchSort } from '../../../../shared/library';
import { parseSearchQuery } from '../../../../shared/search-query';
import { MARK_END, MARK_START } from '../../../../shared/snippet';
import { itemIsDemoSql } from '../demo-mark';

export interface SnippetMarkers {
  start: string;
  end: string;
}

/**
 * Private-use characters the renderer splits snippets on. Platform text may hold them too, so a
 * search marks matches with markers made for that search, then writes the caller's markers in
 * their place with any of the caller's marker text taken out of the platform's: a snippet's
 * markers are only ever matches.
 */
export const DEFAULT_MARKERS: SnippetMarkers = { start: MARK_START, end: MARK_END };

const ORDER_BY: Record<Exclude<SearchSort, 'relevance'>, string> = {
  published: 'i.published_at IS NULL, i.published_at DESC, i.id DESC',
  fetched: 'i.last_fetched_at DESC, i.id DESC',
  views: 'i.views IS NULL, i.views DESC, i.id DESC',
  likes: 'i.likes IS NULL, i.likes DESC, i.id DESC',
  title: 'i.title IS NULL, i.title COLLATE NOCASE ASC, i.id ASC',
};

const ITEM_COLUMNS = `i.id, i.platform, i.kind, i.title, substr(i.text, 1, 200) AS excerpt, i.author_name AS authorName, i.author_handle AS authorHandle,
  i.published_at AS publishedAt, i.published_text AS publishedText, i.published_approximate AS publishedApproximate, i.url, i.thumbnail_url AS thumbnailUrl,
  i.views, i.likes, i.comments, i.has_transcript AS hasTranscript, i.last_fetched_at AS lastFetchedAt, ${itemIsDemoSql('i')} AS demo`;

// Title matches count most, then text, then author; notes and transcripts rank like text.
const ITEM_SCORE = 'bm25(items_fts, 10.0, 4.0, 2.0)';
const NOTE_SCORE = 'bm25(notes_fts) * 0.8';
const SEGMENT_SCORE = 'bm25(segments_fts) * 0.8';

/** Where each index's hits come from, joined to the item they belong to (CROSS JOIN: the index is read first). */
const ITEM_HITS = 'FROM items_fts CROSS JOIN items i ON i.id = items_fts.rowid WHERE items_fts MATCH @match';
const NOTE_HITS =
  'FROM notes_fts CROSS JOIN notes n ON n.id = notes_fts.rowid CROSS JOIN items i ON i.id = n.item_id WHERE notes_fts MATCH @match';
const SEGMENT_HITS = `FROM segments_fts CROSS JOIN transcript_segments s ON s.id = segments_fts.rowid
  CROSS JOIN transcripts t ON t.id = s.transcript_id CROSS JOIN items i ON i.id = t.item_id WHERE segments_fts MATCH @match`;
/** Transcripts without timed segments are indexed as one text each (migration 0015). */
const UNTIMED_TEXT_SCORE = 'bm25(transcript_texts_fts) * 0.8';
const UNTIMED_TEXT_HITS = `FROM transcript_texts_fts CROSS JOIN transcripts t ON t.id = transcript_texts_fts.rowid
  CROSS JOIN items i ON i.id = t.item_id WHERE transcript_texts_fts MATCH @match`;

/** The statements of one search, exported so tests can check their plans with EXPLAIN QUERY PLAN. */
export interface SearchSql {
  params: Record<string, unknown>;
  limit: number;
  offset: number;
  /** Listing without a query: the page, and the count. */
  list?: { page: string; count: string };
  /** With a query. `itemPage` orders by relevance (best `@k` items) or by the requested sort (the page itself). */
  match?: {
    sort: SearchSort;
    itemPage: string;
    itemCount: string;
    /** Best note and best transcript segment per item, for every matching item. */
    noteBest: string;
    segmentBest: string;
    /** The same for the items of `@ids` only (a page listed in an order of its own). */
    pageNoteBest: string;
    pageSegmentBest: string;
    /** Matches of the items index, most recently added first, the first `@k`: FTS5 reads its doclist from the end and stops. */
    itemNewest: string;
    /** The same, one page (`@limit`, `@offset`) with its snippets, cut in the same pass. */
    itemNewestPage: string;
    /** Items with a matching note or transcript, without scores. */
    otherItems: string;
    /** How many of `@ids` match in the items index (counting items found through notes and transcripts). */
    itemCountAmong: string;
    /** Scores of `@ids` in the items index (column sorts). */
    itemScores: string;
    itemSnippets: string;
    noteSnippets: string;
    segmentSnippets: string;
  };
  items: string;
}

/**
 * Notes and tags are library-wide (collection 0) or a collection's own. Searching within a
 * collection counts the library-wide ones and that collection's, never another collection's;
 * a search of the whole library counts them all.
 */
const IN_COLLECTION_SCOPE = (alias: string): string =>
  `${alias}.collection_id IN (0, (SELECT id FROM collections WHERE name = @collection))`;

/** The conditions of the request's filters on `i`, each comparing with a named parameter it sets. */
function filterSql(request: SearchRequest, params: Record<string, unknown>): string[] {
  const where: string[] = [];
  const filter = (sql: string, name: string, value: unknown): void => {
    where.push(sql);
    params[name] = value;
  };
  if (request.platform) filter('i.platform = @platform', 'platform', request.platform);
  if (request.kind) filter('i.kind = @kind', 'kind', request.kind);
  if (request.collection) {
    filter(
      'EXISTS (SELECT 1 FROM collection_items ci JOIN collections c ON c.id = ci.collection_id WHERE ci.item_id = i.id AND c.name = @collection)',
      'collection',
      request.collection,
    );
  }
  if (request.tag) {
    filter(
      `EXISTS (SELECT 1 FROM tags t WHERE t.item_id = i.id AND t.tag = @tag${request.collection ? ` AND ${IN_COLLECTION_SCOPE('t')}` : ''})`,
      'tag',
      request.tag,
    );
  }
  if (request.publishedFrom) filter('i.published_at >= @publishedFrom', 'publishedFrom', request.publishedFrom);
  if (request.publishedTo) {
    // A bare day ends the range with the whole of that day, whoever sends it.
    const after = endOfBareDay(request.publishedTo);
    if (after) filter('i.published_at < @publishedBefore', 'publishedBefore', after);
    else filter('i.published_at <= @publishedTo', 'publishedTo', request.publishedTo);
  }
  if (request.ids) filter('i.id IN (SELECT value FROM json_each(@idFilter))', 'idFilter', JSON.stringify(request.ids));
  if (request.hasTranscript !== undefined) filter('i.has_transcript = @hasTranscript', 'hasTranscript', request.hasTranscript ? 1 : 0);
  return where;
}

function snippetOf(index: string, column: number): string {
  return `snippet(${index}, ${column}, @markStart, @markEnd, '…', 16)`;
}

function snippetsOf(index: string, column: number): string {
  return `SELECT rowid AS id, ${snippetOf(index, column)} AS snippet FROM ${index}
    WHERE ${index} MATCH @match AND +rowid IN (SELECT value FROM json_each(@ids))`;
}

/** The best hit per item of a notes or transcripts query, ties to the earliest moment. */
function bestPerItem(columns: string, hits: string, more = ''): string {
  return `WITH hits AS MATERIALIZED (SELECT ${columns} ${hits}${more})
    SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY id ORDER BY score, startMs) AS rankInItem FROM hits) WHERE rankInItem = 1`;
}

/**
 * Snippets of transcript hits. An untimed transcript's hit has no segment: its id is the
 * transcript's, negated, so that the two kinds share one id space without meeting.
 */
function transcriptSnippets(): string {
  return `${snippetsOf('segments_fts', 0)}
    UNION ALL SELECT -rowid AS id, ${snippetOf('transcript_texts_fts', 0)} AS snippet FROM transcript_texts_fts
    WHERE transcript_texts_fts MATCH @match AND -rowid IN (SELECT value FROM json_each(@ids))`;
}

export function buildSearchSql(request: SearchRequest, markers: SnippetMarkers = DEFAULT_MARKERS): SearchSql {
  const params: Record<string, unknown> = {};
  const filters = filterSql(request, params);
  const limit = Math.min(Math.max(request.limit ?? 50, 1), 1000);
  const offset = Math.max(request.offset ?? 0, 0);
  const items = `SELECT ${ITEM_COLUMNS} FROM items i WHERE i.id IN (SELECT value FROM json_each(@ids))`;

  const query = request.query?.trim();
  if (!query) {
    const sort = request.sort && request.sort !== 'relevance' ? request.sort : 'fetched';
    const where = filters.length ? `WHERE ${filters.join(' AND ')}` : '';
    Object.assign(params, { limit, offset });
    return {
      params,
      limit,
      offset,
      list: {
        page: `SELECT i.id FROM items i ${where} ORDER BY ${ORDER_BY[sort]} LIMIT @limit OFFSET @offset`,
        count: `SELECT count(*) AS n FROM items i ${where}`,
      },
      items,
    };
  }

  const parsed = parseSearchQuery(query);
  if (!parsed.ok) throw new GleanerError('INVALID_INPUT', `The search could not be read: ${parsed.message}`);
  Object.assign(params, { match: parsed.fts, markStart: markers.start, markEnd: markers.end });
  const and = filters.map((filter) => ` AND ${filter}`).join('');
  const notesInScope = request.collection ? ` AND ${IN_COLLECTION_SCOPE('n')}` : '';
  const sort = request.sort ?? 'relevance';
  let itemPage: string;
  if (sort === 'relevance') {
    // The best (or, past the rank limit, the newest) `@k` of the items index hold the page.
    Object.assign(params, { k: offset + limit, limit, offset });
    itemPage = filters.length
      ? `SELECT items_fts.rowid AS id, ${ITEM_SCORE} AS score ${ITEM_HITS}${and} ORDER BY score, id DESC LIMIT @k`
      : `SELECT rowid AS id, ${ITEM_SCORE} AS score FROM items_fts WHERE items_fts MATCH @match ORDER BY score, id DESC LIMIT @k`;
  } else {
    // Every matching item is a candidate for a column sort: the page comes from the union.
    Object.assign(params, { limit, offset });
    itemPage = `WITH matching (id) AS (
        SELECT rowid FROM items_fts WHERE items_fts MATCH @match
        UNION SELECT n.item_id FROM notes_fts CROSS JOIN notes n ON n.id = notes_fts.rowid WHERE notes_fts MATCH @match${notesInScope}
        UNION SELECT t.item_id FROM segments_fts CROSS JOIN transcript_segments s ON s.id = segments_fts.rowid
          CROSS JOIN transcripts t ON t.id = s.transcript_id WHERE segments_fts MATCH @match
        UNION SELECT t.item_id FROM transcript_texts_fts CROSS JOIN transcripts t ON t.id = transcript_texts_fts.rowid
          WHERE transcript_texts_fts MATCH @match)
      SELECT i.id, count(*) OVER () AS total FROM matching m CROSS JOIN items i ON i.id = m.id
      ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''} ORDER BY ${ORDER_BY[sort]} LIMIT @limit OFFSET @offset`;
  }
  const amongPage = ' AND i.id IN (SELECT value FROM json_each(@ids))';
  // The items index alone when no filter needs the item's row.
  const itemsOnly = filters.length ? `${ITEM_HITS}${and}` : 'FROM items_fts WHERE items_fts MATCH @match';
  const noteBest = (scope: string): string =>
    bestPerItem(
      `n.item_id AS id, ${NOTE_SCORE} AS score, NULL AS startMs, notes_fts.rowid AS hitId`,
      `${NOTE_HITS}${notesInScope}${and}${scope}`,
    );
  // Untimed transcripts' hits join the segments' (no moment, a negated transcript id: see transcriptSnippets).
  const segmentBest = (scope: string): string =>
    bestPerItem(
      `t.item_id AS id, ${SEGMENT_SCORE} AS score, s.start_ms AS startMs, segments_fts.rowid AS hitId, t.language AS language`,
      `${SEGMENT_HITS}${and}${scope}`,
      ` UNION ALL SELECT t.item_id AS id, ${UNTIMED_TEXT_SCORE} AS score, NULL AS startMs, -transcript_texts_fts.rowid AS hitId,
          t.language AS language ${UNTIMED_TEXT_HITS}${and}${scope}`,
    );
  return {
    params,
    limit,
    offset,
    match: {
      sort,
      itemPage,
      itemCount: filters.length
        ? `SELECT count(*) AS n ${ITEM_HITS}${and}`
        : 'SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH @match',
      noteBest: noteBest(''),
      segmentBest: segmentBest(''),
      pageNoteBest: noteBest(amongPage),
      pageSegmentBest: segmentBest(amongPage),
      itemNewest: `SELECT items_fts.rowid AS id ${itemsOnly} ORDER BY items_fts.rowid DESC LIMIT @k`,
      itemNewestPage: `SELECT items_fts.rowid AS id, ${snippetOf('items_fts', -1)} AS snippet ${itemsOnly}
        ORDER BY items_fts.rowid DESC LIMIT @limit OFFSET @offset`,
      otherItems: `SELECT n.item_id AS id ${NOTE_HITS}${notesInScope}${and}
        UNION SELECT t.item_id AS id ${SEGMENT_HITS}${and}
        UNION SELECT t.item_id AS id ${UNTIMED_TEXT_HITS}${and}`,
      // Rows of `@ids` are picked out of one pass over the matches: the unary + keeps the id list from
      // becoming one index lookup (and set-up) per id, which costs more than reading the doclist.
      itemCountAmong: 'SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH @match AND +rowid IN (SELECT value FROM json_each(@ids))',
      itemScores: `SELECT rowid AS id, ${ITEM_SCORE} AS score FROM items_fts WHERE items_fts MATCH @match AND +rowid IN (SELECT value FROM json_each(@ids))`,
      itemSnippets: snippetsOf('items_fts', -1),
      noteSnippets: snippetsOf('notes_fts', 0),
      segmentSnippets: transcriptSnippets(),
    },
    items,
  };
}

/**
 * The statement that lists a search's items in page order, when one statement can (a listing, or
 * a column sort of matches); run it with `limit` and `offset` (-1 and 0 for all). Null for a
 * relevance ranking, which merges three indexes in code.
 */
export function orderedIdsStatement(sql: SearchSql): string | null {
  if (sql.list) return sql.list.page;
  return sql.match && sql.match.sort !== 'relevance' ? sql.match.itemPage : null;
}
