/**
 * What a case bundle reads of the library: the items of a scope (a temporary table of item ids,
 * see export-scope), the answers they came from, their transcripts, notes, tags and collections;
 * and, for a bundle brought in, how to find an item again by its platform identity. Rows are
 * iterated, never gathered, so a bundle of 100,000 items keeps memory flat.
 */
import type { Database } from 'better-sqlite3';

export interface BundleAnswerRow {
  id: number;
  operation: string;
  params: string;
  requestUrl: string;
  requestId: string;
  status: number;
  fetchedAt: string;
  durationMs: number | null;
  sha256: string;
  nextPage: string | null;
}

export interface BundleItemRow {
  id: number;
  platform: string;
  kind: string;
  nativeId: string | null;
  url: string | null;
  title: string | null;
  text: string | null;
  authorName: string | null;
  authorHandle: string | null;
  authorId: string | null;
  authorUrl: string | null;
  publishedAt: string | null;
  publishedText: string | null;
  durationMs: number | null;
  thumbnailUrl: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  reposts: number | null;
  shares: number | null;
  followers: number | null;
  firstFetchedAt: string;
  lastFetchedAt: string;
  /** JSON array of the sha256s of the answers the item was found in, oldest first. */
  answers: string;
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

const inScope = (scope: string) => `SELECT item_id FROM ${scope}`;
const PAGE = 500;

/**
 * Rows a page at a time: an open better-sqlite3 iterator keeps its connection busy, and the
 * bundle asks other questions (an answer's body) and awaits the disk between rows.
 */
function* paged<Row>(page: (after: number, offset: number) => Row[], keyOf: ((row: Row) => number) | null): Iterable<Row> {
  let after = -Infinity;
  let offset = 0;
  for (;;) {
    const rows = page(after, offset);
    yield* rows;
    if (rows.length < PAGE) return;
    if (keyOf) after = keyOf(rows[rows.length - 1]!);
    offset += rows.length;
  }
}

export function createBundleReader(db: Database, scopeTable: string) {
  const answerColumns = `r.id, r.operation, r.params, r.request_url AS requestUrl, r.request_id AS requestId, r.status,
    r.fetched_at AS fetchedAt, r.duration_ms AS durationMs, r.body_sha256 AS sha256, r.next_page AS nextPage`;
  const bodyOf = db.prepare<[number], string>('SELECT body FROM responses WHERE id = ?').pluck();
  const answers = db.prepare<[number, number], BundleAnswerRow>(
    `SELECT ${answerColumns} FROM responses r
      WHERE r.id IN (SELECT response_id FROM item_sources WHERE item_id IN (${inScope(scopeTable)})
                     UNION SELECT response_id FROM transcripts WHERE item_id IN (${inScope(scopeTable)}))
        AND r.id > ?
      ORDER BY r.id LIMIT ?`,
  );
  const items = db.prepare<[number, number], BundleItemRow & { ord: number }>(
    `SELECT sc.ord, i.id, i.platform, i.kind, i.native_id AS nativeId, i.url, i.title, i.text, i.author_name AS authorName,
            i.author_handle AS authorHandle, i.author_id AS authorId, i.author_url AS authorUrl,
            i.published_at AS publishedAt, i.published_text AS publishedText, i.duration_ms AS durationMs,
            i.thumbnail_url AS thumbnailUrl, i.views, i.likes, i.comments, i.reposts, i.shares, i.followers,
            i.first_fetched_at AS firstFetchedAt, i.last_fetched_at AS lastFetchedAt,
            (SELECT json_group_array(sha) FROM (SELECT r.body_sha256 AS sha FROM item_sources s
               JOIN responses r ON r.id = s.response_id WHERE s.item_id = i.id GROUP BY r.body_sha256 ORDER BY min(r.id))) AS answers
       FROM ${scopeTable} sc JOIN items i ON i.id = sc.item_id WHERE sc.ord > ? ORDER BY sc.ord LIMIT ?`,
  );
  const transcripts = db.prepare<[number, number], BundleTranscriptRow & { id: number }>(
    `SELECT t.id, t.item_id AS itemId, t.language, t.available, t.format, t.full_text AS fullText, t.fetched_at AS fetchedAt,
            r.body_sha256 AS answer,
            (SELECT json_group_array(json_array(g.start_ms, g.end_ms, g.text)) FROM
               (SELECT start_ms, end_ms, text FROM transcript_segments WHERE transcript_id = t.id ORDER BY seq) g) AS segments
       FROM transcripts t JOIN responses r ON r.id = t.response_id
      WHERE t.item_id IN (${inScope(scopeTable)}) AND t.id > ? ORDER BY t.id LIMIT ?`,
  );
  const notes = db.prepare<[number, number], BundleNoteRow & { id: number }>(
    `SELECT n.id, n.item_id AS itemId, c.name AS collection, n.body, n.updated_at AS updatedAt
       FROM notes n LEFT JOIN collections c ON c.id = n.collection_id
      WHERE n.item_id IN (${inScope(scopeTable)}) AND (n.collection_id = 0 OR c.id IS NOT NULL) AND n.id > ?
      ORDER BY n.id LIMIT ?`,
  );
  const tags = db.prepare<[number, number], BundleTagRow>(
    `SELECT t.item_id AS itemId, c.name AS collection, t.tag
       FROM tags t LEFT JOIN collections c ON c.id = t.collection_id
      WHERE t.item_id IN (${inScope(scopeTable)}) AND (t.collection_id = 0 OR c.id IS NOT NULL)
      ORDER BY t.item_id, t.collection_id, t.tag LIMIT ? OFFSET ?`,
  );
  const memberships = db.prepare<[number, number], BundleMembershipRow>(
    `SELECT c.name AS collection, ci.item_id AS itemId, ci.added_at AS addedAt
       FROM collection_items ci JOIN collections c ON c.id = ci.collection_id
      WHERE ci.item_id IN (${inScope(scopeTable)}) ORDER BY c.name, ci.position, ci.item_id LIMIT ? OFFSET ?`,
  );
  const low = (after: number) => (after === -Infinity ? -1 : after);
  return {
    /** Every answer any item in scope came from, oldest first. */
    answers: () =>
      paged(
        (after) => answers.all(low(after), PAGE),
        (row) => row.id,
      ),
    body: (responseId: number): string => bodyOf.get(responseId) ?? '',
    items: () =>
      paged(
        (after) => items.all(low(after), PAGE),
        (row) => row.ord,
      ) as Iterable<BundleItemRow>,
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
    tags: () => paged((_after, offset) => tags.all(PAGE, offset), null),
    memberships: () => paged((_after, offset) => memberships.all(PAGE, offset), null),
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
