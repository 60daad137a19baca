/**
 * What a case bundle reads of the library: the items of a scope (a temporary table of item ids,
 * see export-scope), the answers they came from, their transcripts, notes, tags and collections;
 * and, for a bundle brought in, how to find an item again by its platform identity. Rows are
 * iterated, never gathered, so a bundle of 100,000 items keeps memory flat.
 */
import type { Database } from 'better-sqlite3';
import type { ItemRecord } from '../../../shared/library';
import type { StoredResponseFacts } from './responses-repository';
import { itemIsDemoSql } from './demo-mark';

export interface BundleAnswerRow extends StoredResponseFacts {
  sha256: string;
}

/** An item as the library records it, without what a bundle does not carry, and with its answers. */
export interface BundleItemRow extends Omit<ItemRecord, 'publishedApproximate' | 'hasTranscript' | 'extras' | 'demo'> {
  /** JSON array of the sha256s of the answers the item was found in, oldest first. */
  answers: string;
  /** 1 when the item is demo data (demo-mark.ts). */
  demo: number;
}

export interface BundleTranscriptRow {
  itemId: number;
  language: string;
  available: number;
  format: string;
  fullText: string | null;
  fetchedAt: string;
  answer: string;
  /** JSON array of [startMs, endMs, text]. */
  segments: string;
}

export interface BundleNoteRow {
  itemId: number;
  collection: string | null;
  body: string;
  updatedAt: string;
}

export interface BundleTagRow {
  itemId: number;
  collection: string | null;
  tag: string;
}

export interface BundleMembershipRow {
  collection: string;
  itemId: number;
  addedAt: string;
}

/**
 * "In the bundle's scope" as a lookup per row (the scope table gets an index on item_id below):
 * an IN (SELECT …) list is built again at every page, which made paging quadratic.
 */
const inScope = (scope: string) => `SELECT item_id FROM ${scope} WHERE item_id = `;
const PAGE = 500;

/**
 * Rows a page at a time: an open better-sqlite3 iterator keeps its connection busy, and the
 * bundle asks other questions (an answer's body) and awaits the disk between rows.
 */
function* paged<Row>(page: (after: number) => Row[], keyOf: (row: Row) => number): Iterable<Row> {
  yield* pagedBy<Row>((last) => page(last ? keyOf(last) : -Infinity));
}

/** Pages that go on from the last row of the page before (a composite key). */
function* pagedBy<Row>(page: (last: Row | undefined) => Row[]): Iterable<Row> {
  let last: Row | undefined;
  for (;;) {
    const rows = page(last);
    yield* rows;
    if (rows.length < PAGE) return;
    last = rows[rows.length - 1];
  }
}

/** The item columns a bundle reads, in the order of its raw rows (after the scope's `ord`). */
const ITEM_COLUMNS: readonly (readonly [Exclude<keyof BundleItemRow, 'answers' | 'demo'>, string])[] = [
  ['id', 'i.id'],
  ['platform', 'i.platform'],
  ['kind', 'i.kind'],
  ['nativeId', 'i.native_id'],
  ['url', 'i.url'],
  ['title', 'i.title'],
  ['text', 'i.text'],
  ['authorName', 'i.author_name'],
  ['authorHandle', 'i.author_handle'],
  ['authorId', 'i.author_id'],
  ['authorUrl', 'i.author_url'],
  ['publishedAt', 'i.published_at'],
  ['publishedText', 'i.published_text'],
  ['durationMs', 'i.duration_ms'],
  ['thumbnailUrl', 'i.thumbnail_url'],
  ['views', 'i.views'],
  ['likes', 'i.likes'],
  ['comments', 'i.comments'],
  ['reposts', 'i.reposts'],
  ['shares', 'i.shares'],
  ['followers', 'i.followers'],
  ['firstFetchedAt', 'i.first_fetched_at'],
  ['lastFetchedAt', 'i.last_fetched_at'],
];

/** The sha256s of the answers an item was found in, each once, oldest first (the IN list is walked in id order). */
const ITEM_ANSWERS = `(SELECT json_group_array(r.body_sha256) FROM responses r
   WHERE r.id IN (SELECT response_id FROM item_sources s WHERE s.item_id = i.id))`;

/** A raw row (ord, the item columns, answers, demo) as a BundleItemRow; its keys are ITEM_COLUMNS', never content. */
function itemRow(raw: unknown[]): BundleItemRow & { ord: number } {
  const row: Record<string, unknown> = { ord: raw[0] };
  ITEM_COLUMNS.forEach(([key], index) => (row[key] = raw[index + 1]));
  row.answers = raw[ITEM_COLUMNS.length + 1];
  row.demo = raw[ITEM_COLUMNS.length + 2];
  return row as unknown as BundleItemRow & { ord: number };
}

export function createBundleReader(db: Database, scopeTable: string) {
  const [schema, table] = scopeTable.includes('.') ? scopeTable.split('.') : ['main', scopeTable];
  db.exec(`CREATE INDEX IF NOT EXISTS ${schema}.${table}_item ON ${table} (item_id)`);
  const answerColumns = `r.id, r.operation, r.params, r.request_url AS requestUrl, r.request_id AS requestId, r.status,
    r.fetched_at AS fetchedAt, r.duration_ms AS durationMs, r.body_sha256 AS sha256, r.next_page AS nextPage, r.demo`;
  const bodyOf = db.prepare<[number], string>('SELECT body FROM responses WHERE id = ?').pluck();
  // The answers in scope, gathered once into a temporary table of their ids, then read a page at a time.
  const answerIds = `${schema}.${table}_answers`;
  db.exec(`CREATE TABLE IF NOT EXISTS ${answerIds} (id INTEGER PRIMARY KEY)`);
  db.exec(
    `INSERT OR IGNORE INTO ${answerIds} (id)
       SELECT s.response_id FROM ${scopeTable} sc JOIN item_sources s ON s.item_id = sc.item_id
       UNION SELECT t.response_id FROM ${scopeTable} sc JOIN transcripts t ON t.item_id = sc.item_id`,
  );
  const answers = db.prepare<[number, number], BundleAnswerRow>(
    `SELECT ${answerColumns} FROM ${answerIds} a JOIN responses r ON r.id = a.id WHERE a.id > ? ORDER BY a.id LIMIT ?`,
  );
  // Raw rows, made into objects here: better-sqlite3's named rows of 25 columns cost about as much as the query.
  const items = db
    .prepare<[number, number], unknown[]>(
      `SELECT sc.ord, ${ITEM_COLUMNS.map(([, column]) => column).join(', ')},
            ${ITEM_ANSWERS} AS answers, ${itemIsDemoSql('i')} AS demo
       FROM ${scopeTable} sc JOIN items i ON i.id = sc.item_id WHERE sc.ord > ? ORDER BY sc.ord LIMIT ?`,
    )
    .raw(true);
  // The same rows as one JSON object each, written by SQLite: one string crosses into JavaScript
  // rather than 25 values, and nothing is built twice. Its keys are the bundle record's (the
  // column names), in ITEM_COLUMNS' order; its text is what JSON.stringify gives for the same values.
  const itemJson = db
    .prepare<[number, number], [number, string]>(
      `SELECT sc.ord, json_object(${ITEM_COLUMNS.map(([, column]) => `'${column.slice(2)}', ${column}`).join(', ')},
            'answers', json(${ITEM_ANSWERS}), 'demo', json(CASE WHEN ${itemIsDemoSql('i')} THEN 'true' ELSE 'false' END))
       FROM ${scopeTable} sc JOIN items i ON i.id = sc.item_id WHERE sc.ord > ? ORDER BY sc.ord LIMIT ?`,
    )
    .raw(true);
  const transcripts = db.prepare<[number, number], BundleTranscriptRow & { id: number }>(
    `SELECT t.id, t.item_id AS itemId, t.language, t.available, t.format, t.full_text AS fullText, t.fetched_at AS fetchedAt,
            r.body_sha256 AS answer,
            (SELECT json_group_array(json_array(g.start_ms, g.end_ms, g.text)) FROM
               (SELECT start_ms, end_ms, text FROM transcript_segments WHERE transcript_id = t.id ORDER BY seq) g) AS segments
       FROM transcripts t JOIN responses r ON r.id = t.response_id
      WHERE EXISTS (${inScope(scopeTable)}t.item_id) AND t.id > ? ORDER BY t.id LIMIT ?`,
  );
  const notes = db.prepare<[number, number], BundleNoteRow & { id: number }>(
    `SELECT n.id, n.item_id AS itemId, c.name AS collection, n.body, n.updated_at AS updatedAt
       FROM notes n LEFT JOIN collections c ON c.id = n.collection_id
      WHERE EXISTS (${inScope(scopeTable)}n.item_id) AND (n.collection_id = 0 OR c.id IS NOT NULL) AND n.id > ?
      ORDER BY n.id LIMIT ?`,
  );
  // Keyset pages over each table's own key: an OFFSET page sorts and skips every row before it.
  const tags = db.prepare<[number, number, string, number], BundleTagRow & { collectionId: number }>(
    `SELECT t.item_id AS itemId, t.collection_id AS collectionId, c.name AS collection, t.tag
       FROM tags t LEFT JOIN collections c ON c.id = t.collection_id
      WHERE EXISTS (${inScope(scopeTable)}t.item_id) AND (t.collection_id = 0 OR c.id IS NOT NULL)
        AND (t.item_id, t.collection_id, t.tag) > (?, ?, ?)
      ORDER BY t.item_id, t.collection_id, t.tag LIMIT ?`,
  );
  const memberships = db.prepare<[number, number, number, number], BundleMembershipRow & { collectionId: number; position: number }>(
    `SELECT ci.collection_id AS collectionId, ci.position, c.name AS collection, ci.item_id AS itemId, ci.added_at AS addedAt
       FROM collection_items ci JOIN collections c ON c.id = ci.collection_id
      WHERE EXISTS (${inScope(scopeTable)}ci.item_id) AND (ci.collection_id, ci.position, ci.item_id) > (?, ?, ?)
      ORDER BY ci.collection_id, ci.position, ci.item_id LIMIT ?`,
  );
  const low = (after: number) => (after === -Infinity ? -1 : after);
  return {
    /** Drops the temporary tables (the scope table is its maker's to drop). */
    close: (): void => {
      db.exec(`DROP TABLE IF EXISTS ${answerIds}`);
    },
    /** Every answer any item in scope came from, oldest first. */
    answers: () =>
      paged(
        (after) => answers.all(low(after), PAGE),
        (row) => row.id,
      ),
    body: (responseId: number): string => bodyOf.get(responseId) ?? '',
    items: () =>
      paged(
        (after) => items.all(low(after), PAGE).map(itemRow),
        (row) => row.ord,
      ) as Iterable<BundleItemRow>,
    /** Each item's bundle record as JSON text (see records.ts), in the scope's order. */
    itemsJson: function* (): Iterable<string> {
      for (const [, json] of paged(
        (after) => itemJson.all(low(after), PAGE),
        ([ord]) => ord,
      ))
        yield json;
    },
    transcripts: () =>
      paged(
        (after) => transcripts.all(low(after), PAGE),
        (row) => row.id,
      ) as Iterable<BundleTranscriptRow>,
    notes: () =>
      paged(
        (after) => notes.all(low(after), PAGE),
        (row) => row.id,
      ) as Iterable<BundleNoteRow>,
    tags: () =>
      pagedBy<BundleTagRow & { collectionId: number }>((last) =>
        tags.all(last?.itemId ?? -1, last?.collectionId ?? -1, last?.tag ?? '', PAGE),
      ) as Iterable<BundleTagRow>,
    memberships: () =>
      pagedBy<BundleMembershipRow & { collectionId: number; position: number }>((last) =>
        memberships.all(last?.collectionId ?? -1, last?.position ?? -Infinity, last?.itemId ?? -1, PAGE),
      ) as Iterable<BundleMembershipRow>,
  };
}

export type BundleReader = ReturnType<typeof createBundleReader>;

/** The local item an imported one is, matched as ingest matches: the platform's id first, then the URL. */
export function createBundleItemFinder(db: Database) {
  const byNativeId = db.prepare<[string, string], number>('SELECT id FROM items WHERE platform = ? AND native_id = ?').pluck();
  const byUrl = db.prepare<[string, string], number>('SELECT id FROM items WHERE platform = ? AND url = ? ORDER BY id LIMIT 1').pluck();
  const responseId = db.prepare<[string, string], number>('SELECT id FROM responses WHERE request_id = ? AND body_sha256 = ?').pluck();
  return {
    find(platform: string, nativeId: string | null, url: string | null): number | undefined {
      if (nativeId !== null) {
        const found = byNativeId.get(platform, nativeId);
        if (found !== undefined) return found;
      }
      return url !== null ? byUrl.get(platform, url) : undefined;
    },
    hasAnswer: (requestId: string, sha256: string): boolean => responseId.get(requestId, sha256) !== undefined,
  };
}
