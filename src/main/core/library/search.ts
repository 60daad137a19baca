/**
 * Library search: the parsed query (src/shared/search-query.ts) runs against three FTS5
 * indexes — item titles/texts/authors, notes, transcript segments — and the best hit per
 * item is ranked by bm25, filtered, and returned with a highlighted snippet. A transcript
 * hit points at its segment and timestamp.
 *
 * Each index is asked on its own, and only as much as the page needs: the items index for its
 * best `offset + limit` items (an item's best hit is among its own index's best, so merging
 * those per item gives the exact page), notes and transcript segments for their best hit per
 * item. Snippets are cut for the page's rows only, and the total is counted without ranking.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { GleanerError } from '../../../shared/errors';
import {
  endOfBareDay,
  type SearchHit,
  type SearchIds,
  type SearchRequest,
  type SearchResult,
  type SearchSort,
} from '../../../shared/library';
import { parseSearchQuery } from '../../../shared/search-query';
import { MARK_END, MARK_START } from '../../../shared/snippet';

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

/** Markers no platform text holds: private-use characters around a value made for one search. */
function markersForOneSearch(): SnippetMarkers {
  const nonce = randomUUID();
  return { start: `\uE000${nonce}\uE002`, end: `\uE002${nonce}\uE001` };
}

/** A snippet marked with `used` rewritten with `wanted`, the text between them cleared of `wanted`'s markers. */
function remarked(snippet: string, used: SnippetMarkers, wanted: SnippetMarkers): string {
  const clean = (text: string): string => text.split(wanted.start).join('').split(wanted.end).join('');
  return snippet
    .split(used.start)
    .map((piece, index) => {
      if (index === 0) return clean(piece);
      const at = piece.indexOf(used.end);
      const [matched, rest] = at === -1 ? [piece, ''] : [piece.slice(0, at), piece.slice(at + used.end.length)];
      return `${wanted.start}${clean(matched)}${wanted.end}${clean(rest)}`;
    })
    .join('');
}

const ORDER_BY: Record<Exclude<SearchSort, 'relevance'>, string> = {
  published: 'i.published_at IS NULL, i.published_at DESC, i.id DESC',
  fetched: 'i.last_fetched_at DESC, i.id DESC',
  views: 'i.views IS NULL, i.views DESC, i.id DESC',
  likes: 'i.likes IS NULL, i.likes DESC, i.id DESC',
  title: 'i.title IS NULL, i.title COLLATE NOCASE ASC, i.id ASC',
};

const ITEM_COLUMNS = `i.id, i.platform, i.kind, i.title, substr(i.text, 1, 200) AS excerpt, i.author_name AS authorName, i.author_handle AS authorHandle,
  i.published_at AS publishedAt, i.published_text AS publishedText, i.url, i.thumbnail_url AS thumbnailUrl,
  i.views, i.likes, i.comments, i.has_transcript AS hasTranscript, i.last_fetched_at AS lastFetchedAt`;

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
    /** Best note and best transcript segment per item (restricted to `@ids` when sorting by a column). */
    noteBest: string;
    segmentBest: string;
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

function snippetsOf(index: string, column: number): string {
  return `SELECT rowid AS id, snippet(${index}, ${column}, @markStart, @markEnd, '…', 16) AS snippet FROM ${index}
    WHERE ${index} MATCH @match AND +rowid IN (SELECT value FROM json_each(@ids))`;
}

/** The best hit per item of a notes or segments query, ties to the earliest moment. */
function bestPerItem(columns: string, hits: string): string {
  return `WITH hits AS MATERIALIZED (SELECT ${columns} ${hits})
    SELECT * FROM (SELECT *, row_number() OVER (PARTITION BY id ORDER BY score, startMs) AS rankInItem FROM hits) WHERE rankInItem = 1`;
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
    params.k = offset + limit;
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
          CROSS JOIN transcripts t ON t.id = s.transcript_id WHERE segments_fts MATCH @match)
      SELECT i.id, count(*) OVER () AS total FROM matching m CROSS JOIN items i ON i.id = m.id
      ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''} ORDER BY ${ORDER_BY[sort]} LIMIT @limit OFFSET @offset`;
  }
  // For a column sort only the page's items need their best hit.
  const amongPage = sort === 'relevance' ? '' : ' AND i.id IN (SELECT value FROM json_each(@ids))';
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
      noteBest: bestPerItem(
        `n.item_id AS id, ${NOTE_SCORE} AS score, NULL AS startMs, notes_fts.rowid AS hitId`,
        `${NOTE_HITS}${notesInScope}${and}${amongPage}`,
      ),
      segmentBest: bestPerItem(
        `t.item_id AS id, ${SEGMENT_SCORE} AS score, s.start_ms AS startMs, segments_fts.rowid AS hitId, t.language AS language`,
        `${SEGMENT_HITS}${and}${amongPage}`,
      ),
      // Rows of `@ids` are picked out of one pass over the matches: the unary + keeps the id list from
      // becoming one index lookup (and set-up) per id, which costs more than reading the doclist.
      itemCountAmong: 'SELECT count(*) AS n FROM items_fts WHERE items_fts MATCH @match AND +rowid IN (SELECT value FROM json_each(@ids))',
      itemScores: `SELECT rowid AS id, ${ITEM_SCORE} AS score FROM items_fts WHERE items_fts MATCH @match AND +rowid IN (SELECT value FROM json_each(@ids))`,
      itemSnippets: snippetsOf('items_fts', -1),
      noteSnippets: snippetsOf('notes_fts', 0),
      segmentSnippets: snippetsOf('segments_fts', 0),
    },
    items,
  };
}

interface ItemRow extends Omit<SearchHit, 'hasTranscript' | 'snippet' | 'matchedIn' | 'segmentStartMs' | 'segmentLanguage'> {
  hasTranscript: number;
}

interface BestHit {
  score: number;
  matchedIn: 'item' | 'note' | 'transcript';
  /** The note or segment id, for its snippet. */
  hitId: number;
}

interface PerItemHit {
  id: number;
  score: number;
  startMs: number | null;
  hitId: number;
  /** The segment's transcript language ('' where the service named none); segment hits only. */
  language?: string;
}

/** Statements prepared once per database and SQL text. */
const prepared = new WeakMap<Database, Map<string, Statement>>();

function statement(db: Database, sql: string): Statement {
  let cache = prepared.get(db);
  if (!cache) {
    cache = new Map();
    prepared.set(db, cache);
  }
  let found = cache.get(sql);
  if (!found) {
    if (cache.size >= 200) cache.clear();
    found = db.prepare(sql);
    cache.set(sql, found);
  }
  return found;
}

function run<Row>(db: Database, sql: string, params: Record<string, unknown>): Row[] {
  return statement(db, sql).all(params) as Row[];
}

export function searchLibrary(db: Database, request: SearchRequest, markers: SnippetMarkers = DEFAULT_MARKERS): SearchResult {
  const used = markersForOneSearch();
  const sql = buildSearchSql(request, used);
  try {
    const result = sql.match ? searchMatching(db, sql, sql.match) : listItems(db, sql, sql.list!);
    return {
      ...result,
      hits: result.hits.map((hit) => (hit.snippet === null ? hit : { ...hit, snippet: remarked(hit.snippet, used, markers) })),
    };
  } catch (error) {
    throw searchError(error);
  }
}

/** The parser quotes every term, so an FTS5 error is not expected; still never show SQL to a user. */
function searchError(error: unknown): unknown {
  if (error instanceof Error && /fts5|MATCH/i.test(error.message)) {
    return new GleanerError('INVALID_INPUT', 'The search could not be read; try simpler words or put a phrase in quotes.');
  }
  return error;
}

function listItems(db: Database, sql: SearchSql, list: NonNullable<SearchSql['list']>): SearchResult {
  const ids = run<{ id: number }>(db, list.page, sql.params).map((row) => row.id);
  const total = run<{ n: number }>(db, list.count, sql.params)[0]?.n ?? 0;
  return {
    hits: itemsInOrder(db, sql, ids, () => ({ snippet: null, matchedIn: null, segmentStartMs: null, segmentLanguage: null })),
    total,
  };
}

function searchMatching(db: Database, sql: SearchSql, match: NonNullable<SearchSql['match']>): SearchResult {
  const { params } = sql;
  const best = new Map<number, BestHit>();
  const consider = (id: number, hit: BestHit): void => {
    // Ties go to the hit found first: the item itself, then a note, then a transcript.
    const current = best.get(id);
    if (!current || hit.score < current.score) best.set(id, hit);
  };
  const transcriptMoments = new Map<number, Pick<SearchHit, 'segmentStartMs' | 'segmentLanguage'>>();
  const addNoteAndSegmentHits = (scope: Record<string, unknown>): void => {
    for (const row of run<PerItemHit>(db, match.noteBest, scope))
      consider(row.id, { score: row.score, matchedIn: 'note', hitId: row.hitId });
    for (const row of run<PerItemHit>(db, match.segmentBest, scope)) {
      consider(row.id, { score: row.score, matchedIn: 'transcript', hitId: row.hitId });
      transcriptMoments.set(row.id, { segmentStartMs: row.startMs, segmentLanguage: row.language ? row.language : null });
    }
  };

  let pageIds: number[];
  let total: number;
  if (match.sort === 'relevance') {
    const itemHits = run<{ id: number; score: number }>(db, match.itemPage, params);
    for (const row of itemHits) consider(row.id, { score: row.score, matchedIn: 'item', hitId: row.id });
    addNoteAndSegmentHits(params);
    pageIds = rankBest(best).slice(sql.offset, sql.offset + sql.limit);
    total = (run<{ n: number }>(db, match.itemCount, params)[0]?.n ?? 0) + countOnlyInNotesOrTranscripts(db, match, params, best, itemHits);
  } else {
    const page = run<{ id: number; total: number }>(db, match.itemPage, params);
    pageIds = page.map((row) => row.id);
    total = page[0]?.total ?? (params.offset ? countAll(db, match, params) : 0);
    const scope = { ...params, ids: JSON.stringify(pageIds) };
    for (const row of run<{ id: number; score: number }>(db, match.itemScores, scope))
      consider(row.id, { score: row.score, matchedIn: 'item', hitId: row.id });
    addNoteAndSegmentHits(scope);
  }

  const snippets = pageSnippets(db, match, params, pageIds, best);
  return {
    hits: itemsInOrder(db, sql, pageIds, (id) => {
      const hit = best.get(id);
      return {
        snippet: hit ? (snippets.get(`${hit.matchedIn}:${hit.hitId}`) ?? null) : null,
        matchedIn: hit?.matchedIn ?? null,
        // The best transcript moment, even when the item's best hit is its title: "open at" needs it.
        ...(transcriptMoments.get(id) ?? { segmentStartMs: null, segmentLanguage: null }),
      };
    }),
    total,
  };
}

/** Item ids by their best hit's score, best first; ties go to the newer item, as the items index orders them. */
function rankBest(best: ReadonlyMap<number, { score: number }>): number[] {
  return [...best].sort(([idA, a], [idB, b]) => a.score - b.score || idB - idA).map(([id]) => id);
}

/**
 * Every item a search finds, in the order its pages list them, without snippets: what an export
 * of a relevance-ranked search needs. One pass over each index instead of page after page (each
 * of which would rank all the matches before it again).
 */
export function rankedSearchIds(db: Database, request: Omit<SearchRequest, 'limit' | 'offset'>): number[] {
  const sql = buildSearchSql({ ...request, limit: 1, offset: 0 });
  const { match } = sql;
  if (!match || match.sort !== 'relevance') throw new Error('rankedSearchIds ranks a search by relevance');
  // LIMIT -1 is SQLite's "no limit": every match of the items index, not only the best @k.
  const params = { ...sql.params, k: -1 };
  const best = new Map<number, { score: number }>();
  const consider = (row: { id: number; score: number }): void => {
    const current = best.get(row.id);
    if (!current || row.score < current.score) best.set(row.id, row);
  };
  try {
    for (const query of [match.itemPage, match.noteBest, match.segmentBest])
      run<{ id: number; score: number }>(db, query, params).forEach(consider);
  } catch (error) {
    throw searchError(error);
  }
  return rankBest(best);
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

/**
 * The ids of a stretch of a search's rows (all of them when `limit` is -1), without snippets or
 * item fields: what selecting a range or all of a result needs, even where no page is loaded.
 */
export function searchResultIds(db: Database, request: Omit<SearchRequest, 'limit' | 'offset'>, offset: number, limit: number): SearchIds {
  const sql = buildSearchSql({ ...request, limit: 1, offset: 0 });
  const unpaged = orderedIdsStatement(sql);
  if (unpaged === null) {
    const all = rankedSearchIds(db, request);
    return { ids: all.slice(offset, limit < 0 ? undefined : offset + limit), total: all.length };
  }
  try {
    const rows = run<{ id: number; total?: number }>(db, unpaged, { ...sql.params, limit, offset });
    const total = sql.list
      ? (run<{ n: number }>(db, sql.list.count, sql.params)[0]?.n ?? 0)
      : (rows[0]?.total ?? (offset > 0 ? countAll(db, sql.match!, sql.params) : 0));
    return { ids: rows.map((row) => row.id), total };
  } catch (error) {
    throw searchError(error);
  }
}

/** Items found through notes or transcripts only: the items index count does not include them. */
function countOnlyInNotesOrTranscripts(
  db: Database,
  match: NonNullable<SearchSql['match']>,
  params: Record<string, unknown>,
  best: Map<number, BestHit>,
  itemHits: readonly { id: number }[],
): number {
  const inItemsIndex = new Set(itemHits.map((row) => row.id));
  const others = [...best.keys()].filter((id) => !inItemsIndex.has(id));
  if (others.length === 0) return 0;
  const alsoInItemsIndex = run<{ n: number }>(db, match.itemCountAmong, { ...params, ids: JSON.stringify(others) })[0]?.n ?? 0;
  return others.length - alsoInItemsIndex;
}

/** A column sort whose page is past the end: count the matches on their own. */
function countAll(db: Database, match: NonNullable<SearchSql['match']>, params: Record<string, unknown>): number {
  const page = run<{ id: number; total: number }>(db, match.itemPage, { ...params, limit: 1, offset: 0 });
  return page[0]?.total ?? 0;
}

function pageSnippets(
  db: Database,
  match: NonNullable<SearchSql['match']>,
  params: Record<string, unknown>,
  pageIds: readonly number[],
  best: Map<number, BestHit>,
): Map<string, string> {
  const wanted: Record<BestHit['matchedIn'], number[]> = { item: [], note: [], transcript: [] };
  for (const id of pageIds) {
    const hit = best.get(id);
    if (hit) wanted[hit.matchedIn].push(hit.hitId);
  }
  const snippets = new Map<string, string>();
  const sqlFor: Record<BestHit['matchedIn'], string> = {
    item: match.itemSnippets,
    note: match.noteSnippets,
    transcript: match.segmentSnippets,
  };
  for (const matchedIn of ['item', 'note', 'transcript'] as const) {
    if (wanted[matchedIn].length === 0) continue;
    for (const row of run<{ id: number; snippet: string }>(db, sqlFor[matchedIn], { ...params, ids: JSON.stringify(wanted[matchedIn]) })) {
      snippets.set(`${matchedIn}:${row.id}`, row.snippet);
    }
  }
  return snippets;
}

function itemsInOrder(
  db: Database,
  sql: SearchSql,
  ids: readonly number[],
  hitOf: (id: number) => Pick<SearchHit, 'snippet' | 'matchedIn' | 'segmentStartMs' | 'segmentLanguage'>,
): SearchHit[] {
  if (ids.length === 0) return [];
  const rows = new Map(run<ItemRow>(db, sql.items, { ids: JSON.stringify(ids) }).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    const { hasTranscript, ...item } = row;
    return [{ ...item, ...hitOf(id), hasTranscript: hasTranscript === 1 }];
  });
}
