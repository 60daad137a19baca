/**
 * Search, step three (parse → build → run): runs what store/search/query-builder.ts built.
 * Library search: the parsed query (src/shared/search-query.ts) runs against three FTS5
 * indexes — item titles/texts/authors, notes, transcript segments — and the best hit per
 * item is ranked by bm25, filtered, and returned with a highlighted snippet. A transcript
 * hit points at its segment and timestamp.
 *
 * Each index is asked on its own, and only as much as the page needs: the items index for its
 * best `offset + limit` items (an item's best hit is among its own index's best, so merging
 * those per item gives the exact page), notes and transcript segments for their best hit per
 * item. Snippets are cut for the page's rows only, and the total is counted without ranking.
 *
 * Ranking reads every match, so the total is counted first: past RELEVANCE_RANK_LIMIT matches in
 * the items index a relevance search lists its items most recently added first instead (the
 * index gives those without reading the rest) and says so (`ranked: false`).
 */
import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { GleanerError } from '../../../../shared/errors';
import { RELEVANCE_RANK_LIMIT, type SearchHit, type SearchIds, type SearchRequest, type SearchResult } from '../../../../shared/library';
import { buildSearchSql, DEFAULT_MARKERS, orderedIdsStatement, type SearchSql, type SnippetMarkers } from './query-builder';

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

interface ItemRow extends Omit<
  SearchHit,
  'hasTranscript' | 'publishedApproximate' | 'snippet' | 'matchedIn' | 'segmentStartMs' | 'segmentLanguage' | 'demo'
> {
  hasTranscript: number;
  publishedApproximate: number;
  demo: number;
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

/** `rankLimit`: how many matches a relevance search ranks at most (RELEVANCE_RANK_LIMIT; tests use fewer). */
export function searchLibrary(
  db: Database,
  request: SearchRequest,
  markers: SnippetMarkers = DEFAULT_MARKERS,
  rankLimit = RELEVANCE_RANK_LIMIT,
): SearchResult {
  const used = markersForOneSearch();
  const sql = buildSearchSql(request, used);
  try {
    const result = sql.match ? searchMatching(db, sql, sql.match, rankLimit) : listItems(db, sql, sql.list!);
    // The hits were made for this answer: their snippets are rewritten in place.
    for (const hit of result.hits) if (hit.snippet !== null) hit.snippet = remarked(hit.snippet, used, markers);
    return result;
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

function searchMatching(db: Database, sql: SearchSql, match: NonNullable<SearchSql['match']>, rankLimit: number): SearchResult {
  const { params } = sql;
  const best = new Map<number, BestHit>();
  const consider = (id: number, hit: BestHit): void => {
    // Ties go to the hit found first: the item itself, then a note, then a transcript.
    const current = best.get(id);
    if (!current || hit.score < current.score) best.set(id, hit);
  };
  const transcriptMoments = new Map<number, Pick<SearchHit, 'segmentStartMs' | 'segmentLanguage'>>();
  const addNoteAndSegmentHits = (notes: string, segments: string, scope: Record<string, unknown>): void => {
    for (const row of run<PerItemHit>(db, notes, scope)) consider(row.id, { score: row.score, matchedIn: 'note', hitId: row.hitId });
    for (const row of run<PerItemHit>(db, segments, scope)) {
      consider(row.id, { score: row.score, matchedIn: 'transcript', hitId: row.hitId });
      transcriptMoments.set(row.id, { segmentStartMs: row.startMs, segmentLanguage: row.language ? row.language : null });
    }
  };
  /** The best hit of each item of a page listed in an order of its own. */
  const addPageHits = (pageIds: readonly number[]): void => {
    const scope = { ...params, ids: JSON.stringify(pageIds) };
    for (const row of run<{ id: number; score: number }>(db, match.itemScores, scope))
      consider(row.id, { score: row.score, matchedIn: 'item', hitId: row.id });
    addNoteAndSegmentHits(match.pageNoteBest, match.pageSegmentBest, scope);
  };

  let pageIds: number[];
  let total: number;
  let ranked: boolean | undefined;
  /** Snippets by `matchedIn:hitId`; those not cut along with the page are cut at the end. */
  const snippets = new Map<string, string>();
  if (match.sort === 'relevance') {
    const inItemsIndex = run<{ n: number }>(db, match.itemCount, params)[0]?.n ?? 0;
    ranked = inItemsIndex <= rankLimit;
    if (ranked) {
      const itemHits = run<{ id: number; score: number }>(db, match.itemPage, params);
      for (const row of itemHits) consider(row.id, { score: row.score, matchedIn: 'item', hitId: row.id });
      addNoteAndSegmentHits(match.noteBest, match.segmentBest, params);
      pageIds = rankBest(best).slice(sql.offset, sql.offset + sql.limit);
      total = inItemsIndex + countOnlyInNotesOrTranscripts(db, match, params, [...best.keys()], itemHits);
    } else {
      const others = run<{ id: number }>(db, match.otherItems, params).map((row) => row.id);
      if (others.length === 0) {
        // Found in the items index only: the page and its snippets come from one pass over it.
        const page = run<{ id: number; snippet: string }>(db, match.itemNewestPage, params);
        pageIds = page.map((row) => row.id);
        for (const row of page) {
          consider(row.id, { score: 0, matchedIn: 'item', hitId: row.id });
          snippets.set(`item:${row.id}`, row.snippet);
        }
        total = inItemsIndex;
      } else {
        const newest = newestMatches(db, match, params, others);
        pageIds = newest.ids.slice(sql.offset, sql.offset + sql.limit);
        total = inItemsIndex + countOnlyInNotesOrTranscripts(db, match, params, others, newest.fromItemsIndex);
        addPageHits(pageIds);
      }
    }
  } else {
    const page = run<{ id: number; total: number }>(db, match.itemPage, params);
    pageIds = page.map((row) => row.id);
    total = page[0]?.total ?? (params.offset ? countAll(db, match, params) : 0);
    addPageHits(pageIds);
  }

  addPageSnippets(db, match, params, pageIds, best, snippets);
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
    ...(ranked === undefined ? {} : { ranked }),
  };
}

/**
 * A search too broad to rank, most recently added first: the items index gives its newest `@k`
 * (all when `@k` is -1) without ranking or reading the rest, and items found through notes or
 * transcripts join them in the same order.
 */
function newestMatches(
  db: Database,
  match: NonNullable<SearchSql['match']>,
  params: Record<string, unknown>,
  others = run<{ id: number }>(db, match.otherItems, params).map((row) => row.id),
): { ids: number[]; fromItemsIndex: { id: number }[] } {
  const fromItemsIndex = run<{ id: number }>(db, match.itemNewest, params);
  const ids = [...new Set([...fromItemsIndex.map((row) => row.id), ...others])].sort((a, b) => b - a);
  return { ids, fromItemsIndex };
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
export function rankedSearchIds(
  db: Database,
  request: Omit<SearchRequest, 'limit' | 'offset'>,
  rankLimit = RELEVANCE_RANK_LIMIT,
): number[] {
  const sql = buildSearchSql({ ...request, limit: 1, offset: 0 });
  const { match } = sql;
  if (!match || match.sort !== 'relevance') throw new Error('rankedSearchIds ranks a search by relevance');
  // LIMIT -1 is SQLite's "no limit": every match of the items index, not only the best @k.
  const params = { ...sql.params, k: -1 };
  try {
    const inItemsIndex = run<{ n: number }>(db, match.itemCount, params)[0]?.n ?? 0;
    if (inItemsIndex > rankLimit) return newestMatches(db, match, params).ids;
    const best = new Map<number, { score: number }>();
    const consider = (row: { id: number; score: number }): void => {
      const current = best.get(row.id);
      if (!current || row.score < current.score) best.set(row.id, row);
    };
    for (const query of [match.itemPage, match.noteBest, match.segmentBest])
      run<{ id: number; score: number }>(db, query, params).forEach(consider);
    return rankBest(best);
  } catch (error) {
    throw searchError(error);
  }
}

/**
 * The ids of a stretch of a search's rows (all of them when `limit` is -1), without snippets or
 * item fields: what selecting a range or all of a result needs, even where no page is loaded.
 */
export function searchResultIds(
  db: Database,
  request: Omit<SearchRequest, 'limit' | 'offset'>,
  offset: number,
  limit: number,
  rankLimit = RELEVANCE_RANK_LIMIT,
): SearchIds {
  const sql = buildSearchSql({ ...request, limit: 1, offset: 0 });
  const unpaged = orderedIdsStatement(sql);
  if (unpaged === null) {
    const all = rankedSearchIds(db, request, rankLimit);
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

/** Of `candidates` (items found through notes or transcripts), those the items index count does not include. */
function countOnlyInNotesOrTranscripts(
  db: Database,
  match: NonNullable<SearchSql['match']>,
  params: Record<string, unknown>,
  candidates: readonly number[],
  itemHits: readonly { id: number }[],
): number {
  const inItemsIndex = new Set(itemHits.map((row) => row.id));
  const others = candidates.filter((id) => !inItemsIndex.has(id));
  if (others.length === 0) return 0;
  const alsoInItemsIndex = run<{ n: number }>(db, match.itemCountAmong, { ...params, ids: JSON.stringify(others) })[0]?.n ?? 0;
  return others.length - alsoInItemsIndex;
}

/** A column sort whose page is past the end: count the matches on their own. */
function countAll(db: Database, match: NonNullable<SearchSql['match']>, params: Record<string, unknown>): number {
  const page = run<{ id: number; total: number }>(db, match.itemPage, { ...params, limit: 1, offset: 0 });
  return page[0]?.total ?? 0;
}

function addPageSnippets(
  db: Database,
  match: NonNullable<SearchSql['match']>,
  params: Record<string, unknown>,
  pageIds: readonly number[],
  best: Map<number, BestHit>,
  snippets: Map<string, string>,
): void {
  const wanted: Record<BestHit['matchedIn'], number[]> = { item: [], note: [], transcript: [] };
  for (const id of pageIds) {
    const hit = best.get(id);
    if (hit && !snippets.has(`${hit.matchedIn}:${hit.hitId}`)) wanted[hit.matchedIn].push(hit.hitId);
  }
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
}

function itemsInOrder(
  db: Database,
  sql: SearchSql,
  ids: readonly number[],
  hitOf: (id: number) => Pick<SearchHit, 'snippet' | 'matchedIn' | 'segmentStartMs' | 'segmentLanguage'>,
): SearchHit[] {
  if (ids.length === 0) return [];
  const rows = new Map(run<ItemRow>(db, sql.items, { ids: JSON.stringify(ids) }).map((row) => [row.id, row]));
  const hits: SearchHit[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (row) hits.push(searchHit(row, hitOf(id)));
  }
  return hits;
}

/** Field by field: rest and spread of a row's many fields cost more than the rest of a page's work. */
function searchHit(row: ItemRow, hit: Pick<SearchHit, 'snippet' | 'matchedIn' | 'segmentStartMs' | 'segmentLanguage'>): SearchHit {
  return {
    id: row.id,
    platform: row.platform,
    kind: row.kind,
    title: row.title,
    excerpt: row.excerpt,
    snippet: hit.snippet,
    matchedIn: hit.matchedIn,
    segmentStartMs: hit.segmentStartMs,
    segmentLanguage: hit.segmentLanguage,
    authorName: row.authorName,
    authorHandle: row.authorHandle,
    publishedAt: row.publishedAt,
    publishedText: row.publishedText,
    publishedApproximate: row.publishedApproximate === 1,
    url: row.url,
    thumbnailUrl: row.thumbnailUrl,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    hasTranscript: row.hasTranscript === 1,
    lastFetchedAt: row.lastFetchedAt,
    demo: row.demo === 1,
  };
}
