/**
 * What watches noticed: item versions, item availability, the items a watched listing holds, and
 * the changes with the answer that showed each (request id, hash, time). Append and update only:
 * nothing here deletes a version or a change.
 */
import type { ItemAvailability, ItemVersion, WatchChange, WatchChangeKind } from '../../../../shared/watch';
import { itemIsDemoSql } from '../demo-mark';
import { statement } from '../queue/statements';
import type { ReadableDB, WritableDB } from '../write-transaction';

export interface AnswerRow {
  id: number;
  operation: string;
  params: string;
  request_id: string;
  body_sha256: string;
  fetched_at: string;
  body: string;
  next_page: string | null;
}

export interface MemberRow {
  item_id: number;
  /** 0 once reported no longer listed (until it is listed again). */
  listed: number;
  position: number;
  last_seen_at: string;
  published_at: string | null;
}

export interface SightingRow {
  item_id: number;
  position: number;
  native_id: string | null;
  url: string | null;
  published_at: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  reposts: number | null;
  shares: number | null;
  followers: number | null;
}

export interface NewChange {
  watchId: number | null;
  itemId: number | null;
  change: WatchChangeKind;
  field: string | null;
  before: string | number | null;
  after: string | number | null;
  responseId: number | null;
  requestId: string | null;
  sha256: string | null;
  at: string;
  words: string | null;
}

interface ChangeRow {
  id: number;
  watch_id: number | null;
  item_id: number | null;
  change: WatchChangeKind;
  field: string | null;
  before: string | number | null;
  after: string | number | null;
  request_id: string | null;
  sha256: string | null;
  at: string;
  words: string | null;
  read: number;
  demo: number;
}

export interface ChangeFilter {
  since?: string;
  watchId?: number;
  itemId?: number;
  unreadOnly?: boolean;
}

const toChange = (row: ChangeRow): WatchChange => ({
  id: row.id,
  watchId: row.watch_id,
  itemId: row.item_id,
  change: row.change,
  field: row.field,
  before: row.before,
  after: row.after,
  requestId: row.request_id,
  sha256: row.sha256,
  at: row.at,
  words: row.words,
  read: row.read === 1,
  demo: row.demo === 1,
});

/**
 * A change's columns. It is demo data when the answer that showed it is, or its item is (a gone
 * item is told by a failed request, which stored no answer).
 */
const CHANGE_COLUMNS = `id, watch_id, item_id, change, field, before, after, request_id, sha256, at, words, read,
  (EXISTS (SELECT 1 FROM responses demo_c WHERE demo_c.id = c.response_id AND demo_c.demo = 1)
   OR EXISTS (SELECT 1 FROM items demo_i WHERE demo_i.id = c.item_id AND ${itemIsDemoSql('demo_i')})) AS demo`;

/** The WHERE of a change query, its parameters named. */
function changeWhere(filter: ChangeFilter): { where: string; params: Record<string, string | number> } {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  if (filter.since !== undefined) {
    parts.push('at >= @since');
    params.since = filter.since;
  }
  if (filter.watchId !== undefined) {
    parts.push('watch_id = @watchId');
    params.watchId = filter.watchId;
  }
  if (filter.itemId !== undefined) {
    parts.push('item_id = @itemId');
    params.itemId = filter.itemId;
  }
  if (filter.unreadOnly) parts.push('read = 0');
  return { where: parts.length ? parts.join(' AND ') : '1 = 1', params };
}

export const watchChangesRepository = {
  answer: (db: ReadableDB, responseId: number): AnswerRow | undefined =>
    statement<[number], AnswerRow>(
      db,
      'SELECT id, operation, params, request_id, body_sha256, fetched_at, body, next_page FROM responses WHERE id = ?',
    ).get(responseId),
  /** The items an answer held, in its order, with their counts in it. */
  sightings: (db: ReadableDB, responseId: number): SightingRow[] =>
    statement<[number], SightingRow>(
      db,
      `SELECT s.item_id, min(s.position) AS position, i.native_id, i.url, i.published_at,
              max(s.views) AS views, max(s.likes) AS likes, max(s.comments) AS comments, max(s.reposts) AS reposts,
              max(s.shares) AS shares, max(s.followers) AS followers
         FROM item_sources s JOIN items i ON i.id = s.item_id
        WHERE s.response_id = ? GROUP BY s.item_id ORDER BY position`,
    ).all(responseId),
  /** The item's counts in the last answer before `responseId` that had any. */
  previousCounts: (db: ReadableDB, itemId: number, responseId: number): SightingRow | undefined =>
    statement<[number, number], SightingRow>(
      db,
      `SELECT item_id, position, NULL AS native_id, NULL AS url, NULL AS published_at, views, likes, comments, reposts, shares, followers
         FROM item_sources WHERE item_id = ? AND response_id < ?
          AND coalesce(views, likes, comments, reposts, shares, followers) IS NOT NULL
        ORDER BY response_id DESC LIMIT 1`,
    ).get(itemId, responseId),

  lastVersion: (
    db: ReadableDB,
    itemId: number,
    operation: string,
  ): { title: string | null; text: string | null; author_name: string | null; response_id: number } | undefined =>
    statement<[number, string], { title: string | null; text: string | null; author_name: string | null; response_id: number }>(
      db,
      'SELECT title, text, author_name, response_id FROM item_versions WHERE item_id = ? AND operation = ? ORDER BY response_id DESC LIMIT 1',
    ).get(itemId, operation),
  addVersion: (
    tx: WritableDB,
    version: {
      itemId: number;
      responseId: number;
      operation: string;
      title: string | null;
      text: string | null;
      authorName: string | null;
      changed: string[];
    },
  ): void => {
    statement(
      tx,
      `INSERT OR IGNORE INTO item_versions (item_id, response_id, operation, title, text, author_name, changed_fields)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      version.itemId,
      version.responseId,
      version.operation,
      version.title,
      version.text,
      version.authorName,
      JSON.stringify(version.changed),
    );
  },
  versions: (db: ReadableDB, itemId: number): ItemVersion[] =>
    statement<
      [number],
      {
        responseId: number;
        requestId: string;
        sha256: string;
        fetchedAt: string;
        title: string | null;
        text: string | null;
        authorName: string | null;
        changed: string;
      }
    >(
      db,
      `SELECT v.response_id AS responseId, r.request_id AS requestId, r.body_sha256 AS sha256, r.fetched_at AS fetchedAt,
              v.title, v.text, v.author_name AS authorName, v.changed_fields AS changed
         FROM item_versions v JOIN responses r ON r.id = v.response_id WHERE v.item_id = ? ORDER BY r.fetched_at, v.response_id`,
    )
      .all(itemId)
      .map(({ changed, ...version }) => ({ ...version, changedFields: JSON.parse(changed) as string[] })),

  /** The answer that last carried the item's fields: its one version when no watch recorded any. */
  lastAnswerOf: (
    db: ReadableDB,
    itemId: number,
  ): { responseId: number; requestId: string; sha256: string; fetchedAt: string } | undefined =>
    statement<[number], { responseId: number; requestId: string; sha256: string; fetchedAt: string }>(
      db,
      `SELECT r.id AS responseId, r.request_id AS requestId, r.body_sha256 AS sha256, r.fetched_at AS fetchedAt
         FROM items i JOIN responses r ON r.id = i.last_response_id WHERE i.id = ?`,
    ).get(itemId),
  availability: (db: ReadableDB, itemId: number): ItemAvailability | undefined =>
    statement<[number], ItemAvailability>(
      db,
      'SELECT state, since, words, request_id AS requestId FROM item_availability WHERE item_id = ?',
    ).get(itemId),
  setAvailability: (tx: WritableDB, itemId: number, availability: ItemAvailability): void => {
    statement(
      tx,
      `INSERT INTO item_availability (item_id, state, since, words, request_id) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (item_id) DO UPDATE SET state = excluded.state, since = excluded.since, words = excluded.words, request_id = excluded.request_id`,
    ).run(itemId, availability.state, availability.since, availability.words, availability.requestId);
  },

  /** The items a watched listing held, and whether it still lists them. */
  members: (db: ReadableDB, watchId: number): MemberRow[] =>
    statement<[number], MemberRow>(
      db,
      'SELECT m.item_id, m.listed, m.position, m.last_seen_at, i.published_at FROM watch_members m JOIN items i ON i.id = m.item_id WHERE m.watch_id = ?',
    ).all(watchId),
  /**
   * When the run that last showed the watch any member began (null before its first): members
   * seen since then are what that run's pages held; older ones had gone beyond them.
   */
  lastShowingRunStart: (db: ReadableDB, watchId: number, beforeRunId: number): string | null =>
    statement<[number, number, number], { at: string | null }>(
      db,
      `SELECT max(started_at) AS at FROM watch_runs WHERE watch_id = ? AND id < ?
         AND started_at <= (SELECT max(last_seen_at) FROM watch_members WHERE watch_id = ?)`,
    ).get(watchId, beforeRunId, watchId)?.at ?? null,
  seeMember: (tx: WritableDB, watchId: number, itemId: number, position: number, at: string): void => {
    statement(
      tx,
      `INSERT INTO watch_members (watch_id, item_id, listed, position, first_seen_at, last_seen_at) VALUES (?, ?, 1, ?, ?, ?)
       ON CONFLICT (watch_id, item_id) DO UPDATE SET listed = 1, position = excluded.position, last_seen_at = excluded.last_seen_at`,
    ).run(watchId, itemId, position, at, at);
  },
  unlistMember: (tx: WritableDB, watchId: number, itemId: number): void => {
    statement(tx, 'UPDATE watch_members SET listed = 0 WHERE watch_id = ? AND item_id = ?').run(watchId, itemId);
  },

  addChange: (tx: WritableDB, change: NewChange): number =>
    Number(
      statement(
        tx,
        `INSERT INTO watch_changes (watch_id, item_id, change, field, before, after, response_id, request_id, sha256, at, words)
         VALUES (@watchId, @itemId, @change, @field, @before, @after, @responseId, @requestId, @sha256, @at, @words)`,
      ).run(change).lastInsertRowid,
    ),
  changes: (db: ReadableDB, filter: ChangeFilter, limit: number, offset: number): WatchChange[] => {
    const { where, params } = changeWhere(filter);
    return statement<[Record<string, string | number>], ChangeRow>(
      db,
      `SELECT ${CHANGE_COLUMNS}
         FROM watch_changes c WHERE ${where} ORDER BY id LIMIT @limit OFFSET @offset`,
    )
      .all({ ...params, limit, offset })
      .map(toChange);
  },
  /** Changes after id `afterId`, oldest first (what one run added). */
  changesAfter: (db: ReadableDB, afterId: number): WatchChange[] =>
    statement<[number], ChangeRow>(db, `SELECT ${CHANGE_COLUMNS} FROM watch_changes c WHERE id > ? ORDER BY id`).all(afterId).map(toChange),
  /** The changes of the items in an export's scope table, in the order noticed. */
  changesInScope: (db: ReadableDB, scopeTable: string): WatchChange[] =>
    (
      db
        .prepare(
          `SELECT ${CHANGE_COLUMNS}
             FROM watch_changes c WHERE item_id IN (SELECT item_id FROM ${scopeTable}) ORDER BY id`,
        )
        .all() as ChangeRow[]
    ).map(toChange),
  lastChangeId: (db: ReadableDB): number =>
    statement<[], { id: number | null }>(db, 'SELECT max(id) AS id FROM watch_changes').get()?.id ?? 0,
  count: (db: ReadableDB, filter: ChangeFilter): number => {
    const { where, params } = changeWhere(filter);
    return statement<[Record<string, string | number>], { n: number }>(db, `SELECT count(*) AS n FROM watch_changes WHERE ${where}`).get(
      params,
    )!.n;
  },
  unreadByWatch: (db: ReadableDB): Map<number, number> =>
    new Map(
      statement<[], { watch_id: number; n: number }>(
        db,
        'SELECT watch_id, count(*) AS n FROM watch_changes INDEXED BY watch_changes_unread WHERE read = 0 AND watch_id IS NOT NULL GROUP BY watch_id',
      )
        .all()
        .map((row) => [row.watch_id, row.n]),
    ),
  markRead: (tx: WritableDB, ids: readonly number[] | 'all'): void => {
    if (ids === 'all') statement(tx, 'UPDATE watch_changes SET read = 1 WHERE read = 0').run();
    else for (const id of ids) statement(tx, 'UPDATE watch_changes SET read = 1 WHERE id = ?').run(id);
  },
};
