/**
 * The local side of the team library: the outbox the triggers of migration 19 fill, watermarks,
 * who fetched each answer and wrote each note, the hub's last word per thing, note conflicts and
 * what a pull set aside. Writes take a WritableDB, as everywhere.
 */
import type { StoredResponseFacts } from '../responses-repository';
import type { ReadableDB, WritableDB } from '../write-transaction';
import { SEED_OUTBOX } from './outbox-sql';

export interface OutboxRow {
  id: number;
  entity: string;
  op: string;
  key: string;
  payload: string;
  at: string;
}

/** A response as it goes to the hub (JSON columns still serialised). */
export interface ResponseToPush extends StoredResponseFacts {
  body: string;
}

export interface NoteConflictRow {
  id: number;
  itemId: number;
  collectionId: number;
  firstBody: string | null;
  firstMember: string;
  firstAt: string;
  secondBody: string | null;
  secondMember: string;
  secondAt: string;
}

export interface NewNoteConflict extends Omit<NoteConflictRow, 'id'> {
  seq: number;
}

/** Far below any seq a hub gives (bigserial from 1) or a previous fresh start left (small negatives). */
const SEQ_PARK = 2 ** 50;

export function createTeamSyncRepository(db: ReadableDB) {
  const watermark = db.prepare<[string], number>('SELECT value FROM team_sync_state WHERE name = ?').pluck();
  const setWatermark = db.prepare<[string, number]>(
    'INSERT INTO team_sync_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  );
  const outbox = db.prepare<[number], OutboxRow>('SELECT id, entity, op, key, payload, at FROM team_outbox ORDER BY id LIMIT ?');
  const outboxKeys = db.prepare<[], { entity: string; key: string }>('SELECT DISTINCT entity, key FROM team_outbox');
  const outboxCount = db.prepare<[], number>('SELECT count(*) FROM team_outbox').pluck();
  const removeOutbox = db.prepare<[number]>('DELETE FROM team_outbox WHERE id <= ?');
  const unpushedWhere = `FROM responses r WHERE r.id > ? AND NOT EXISTS (SELECT 1 FROM team_response_members m WHERE m.response_id = r.id AND m.pulled = 1)`;
  const answersToPush = db.prepare<[number, number], ResponseToPush>(
    `SELECT r.id, r.operation, r.params, r.request_url AS requestUrl, r.request_id AS requestId, r.status, r.fetched_at AS fetchedAt,
            r.duration_ms AS durationMs, r.next_page AS nextPage, r.demo, r.body ${unpushedWhere} ORDER BY r.id LIMIT ?`,
  );
  const answersToPushCount = db.prepare<[number], number>(`SELECT count(*) ${unpushedWhere}`).pluck();
  const recordFetcher = db.prepare<[number, string, string, number]>(
    'INSERT OR IGNORE INTO team_response_members (response_id, desk_id, member, pulled) VALUES (?, ?, ?, ?)',
  );
  const fetchersOf = db
    .prepare<[number], string>(
      `SELECT DISTINCT m.member FROM item_sources s JOIN team_response_members m ON m.response_id = s.response_id
        WHERE s.item_id = ? AND m.pulled <> 0 ORDER BY m.member`,
    )
    .pluck();
  const beginApplying = db.prepare('INSERT OR IGNORE INTO team_sync_applying (one) VALUES (1)');
  const endApplying = db.prepare('DELETE FROM team_sync_applying');
  const head = db.prepare<[string], { value: string | null; seq: number }>('SELECT value, seq FROM team_heads WHERE key = ?');
  const setHead = db.prepare<[string, string | null, number]>(
    'INSERT INTO team_heads (key, value, seq) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, seq = excluded.seq',
  );
  const removeHead = db.prepare<[string]>('DELETE FROM team_heads WHERE key = ?');
  const headsBetween = db.prepare<[string, string], { key: string; value: string | null; seq: number }>(
    'SELECT key, value, seq FROM team_heads WHERE key >= ? AND key < ? ORDER BY key',
  );
  const removeHeadsBetween = db.prepare<[string, string]>('DELETE FROM team_heads WHERE key >= ? AND key < ?');
  const collectionByGid = db.prepare<[string], { id: number; name: string }>('SELECT id, name FROM collections WHERE global_id = ?');
  const gidOf = db.prepare<[number], string>('SELECT global_id FROM collections WHERE id = ?').pluck();
  const insertCollection = db.prepare<[string, string, string, string]>(
    'INSERT INTO collections (name, created_at, updated_at, global_id) VALUES (?, ?, ?, ?)',
  );
  const setNoteAuthor = db.prepare<[number, number, string, string, string]>(
    `INSERT INTO team_note_authors (item_id, collection_id, desk_id, member, at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (item_id, collection_id) DO UPDATE SET desk_id = excluded.desk_id, member = excluded.member, at = excluded.at`,
  );
  const removeNoteAuthor = db.prepare<[number, number]>('DELETE FROM team_note_authors WHERE item_id = ? AND collection_id = ?');
  const noteAuthorsOf = db.prepare<[number], { collectionId: number; member: string; at: string }>(
    'SELECT collection_id AS collectionId, member, at FROM team_note_authors WHERE item_id = ? ORDER BY collection_id',
  );
  const addConflict = db.prepare<NewNoteConflict>(
    `INSERT OR IGNORE INTO team_note_conflicts (item_id, collection_id, first_body, first_member, first_at, second_body, second_member, second_at, seq)
     VALUES (@itemId, @collectionId, @firstBody, @firstMember, @firstAt, @secondBody, @secondMember, @secondAt, @seq)`,
  );
  const conflictColumns = `id, item_id AS itemId, collection_id AS collectionId, first_body AS firstBody, first_member AS firstMember,
    first_at AS firstAt, second_body AS secondBody, second_member AS secondMember, second_at AS secondAt`;
  const conflictsOf = db.prepare<[number], NoteConflictRow>(
    `SELECT ${conflictColumns} FROM team_note_conflicts WHERE item_id = ? ORDER BY seq`,
  );
  const conflict = db.prepare<[number], NoteConflictRow>(`SELECT ${conflictColumns} FROM team_note_conflicts WHERE id = ?`);
  const conflictCount = db.prepare<[], number>('SELECT count(*) FROM team_note_conflicts').pluck();
  const allConflicts = db.prepare<[], NoteConflictRow>(`SELECT ${conflictColumns} FROM team_note_conflicts ORDER BY seq`);
  const clearConflicts = db.prepare<[number, number]>('DELETE FROM team_note_conflicts WHERE item_id = ? AND collection_id = ?');
  const setAside = db.prepare<[string, number, string, string]>(
    'INSERT INTO team_sync_aside (kind, hub_seq, reason, at) VALUES (?, ?, ?, ?)',
  );
  const asideList = db.prepare<[], { kind: string; hubSeq: number; reason: string; at: string }>(
    'SELECT kind, hub_seq AS hubSeq, reason, at FROM team_sync_aside ORDER BY id',
  );
  const asideOf = db.prepare<[string], { id: number; hubSeq: number }>(
    'SELECT id, hub_seq AS hubSeq FROM team_sync_aside WHERE kind = ? ORDER BY hub_seq, id',
  );
  const removeAside = db.prepare<[number]>('DELETE FROM team_sync_aside WHERE id = ?');
  const setWaiting = db.prepare<[number, string, string, string, string]>(
    "INSERT INTO team_sync_aside (kind, hub_seq, reason, at, subject, change) VALUES ('change-waiting', ?, ?, ?, ?, ?)",
  );
  const waiting = db.prepare<[], { id: number; hubSeq: number; change: string }>(
    "SELECT id, hub_seq AS hubSeq, change FROM team_sync_aside WHERE kind = 'change-waiting' ORDER BY hub_seq, id",
  );
  const dropWaitingBefore = db.prepare<[string, number]>(
    "DELETE FROM team_sync_aside WHERE subject = ? AND hub_seq < ? AND kind = 'change-waiting'",
  );
  const forgetAside = db.prepare<[string]>('DELETE FROM team_sync_aside WHERE kind = ?');
  const itemKeyOf = db.prepare<[number], { platform: string; nativeId: string | null; url: string | null }>(
    'SELECT platform, native_id AS nativeId, url FROM items WHERE id = ?',
  );
  const localHead = db
    .prepare<[], string>(
      `SELECT (SELECT coalesce(max(id), 0) FROM team_outbox) || ':' || (SELECT coalesce(max(id), 0) FROM responses)
         || ':' || (SELECT coalesce(max(seq), 0) FROM custody_log) || ':' || (SELECT coalesce(max(seq), 0) FROM team_watch_log)`,
    )
    .pluck();
  const hubId = db.prepare<[], string>('SELECT hub_id FROM team_hub').pluck();
  const setHubId = db.prepare<[string]>(
    'INSERT INTO team_hub (one, hub_id) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET hub_id = excluded.hub_id',
  );
  const anyWatermark = db.prepare<[], number>('SELECT count(*) FROM team_sync_state WHERE value > 0').pluck();
  const queueOutbox = db.prepare<[string, string, string, string, string]>(
    'INSERT INTO team_outbox (entity, op, key, payload, at) VALUES (?, ?, ?, ?, ?)',
  );

  return {
    watermark: (name: string): number => watermark.get(name) ?? 0,
    setWatermark: (_tx: WritableDB, name: string, value: number) => void setWatermark.run(name, value),
    outbox: (limit: number): OutboxRow[] => outbox.all(limit),
    outboxKeys: () => outboxKeys.all(),
    outboxCount: (): number => outboxCount.get()!,
    removePushed: (_tx: WritableDB, throughId: number) => void removeOutbox.run(throughId),
    /** An entry the triggers cannot write (a resolution is a decision, not a row change). */
    queueChange: (_tx: WritableDB, entity: string, op: string, key: string, payload: string, at: string) =>
      void queueOutbox.run(entity, op, key, payload, at),
    answersToPush: (afterId: number, limit: number): ResponseToPush[] => answersToPush.all(afterId, limit),
    answersToPushCount: (afterId: number): number => answersToPushCount.get(afterId)!,
    recordFetcher: (_tx: WritableDB, responseId: number, deskId: string, member: string, pulled: boolean) =>
      void recordFetcher.run(responseId, deskId, member, pulled ? 1 : 0),
    /** The colleagues whose answers brought this item (this desk's own fetches are not named). */
    fetchersOf: (itemId: number): string[] => fetchersOf.all(itemId),
    beginApplying: (_tx: WritableDB) => void beginApplying.run(),
    endApplying: (_tx: WritableDB) => void endApplying.run(),
    head: (key: string) => head.get(key),
    setHead: (_tx: WritableDB, key: string, value: string | null, seq: number) => void setHead.run(key, value, seq),
    removeHead: (_tx: WritableDB, key: string) => void removeHead.run(key),
    headsBetween: (from: string, to: string) => headsBetween.all(from, to),
    removeHeadsBetween: (_tx: WritableDB, from: string, to: string) => void removeHeadsBetween.run(from, to),
    collectionByGid: (gid: string) => collectionByGid.get(gid),
    gidOf: (collectionId: number): string | undefined => gidOf.get(collectionId),
    insertCollection: (_tx: WritableDB, gid: string, name: string, at: string) => void insertCollection.run(name, at, at, gid),
    setNoteAuthor: (_tx: WritableDB, itemId: number, collectionId: number, deskId: string, member: string, at: string) =>
      void setNoteAuthor.run(itemId, collectionId, deskId, member, at),
    removeNoteAuthor: (_tx: WritableDB, itemId: number, collectionId: number) => void removeNoteAuthor.run(itemId, collectionId),
    noteAuthorsOf: (itemId: number) => noteAuthorsOf.all(itemId),
    addConflict: (_tx: WritableDB, row: NewNoteConflict) => void addConflict.run(row),
    conflictsOf: (itemId: number): NoteConflictRow[] => conflictsOf.all(itemId),
    conflict: (id: number): NoteConflictRow | undefined => conflict.get(id),
    allConflicts: (): NoteConflictRow[] => allConflicts.all(),
    conflictCount: (): number => conflictCount.get()!,
    clearConflicts: (_tx: WritableDB, itemId: number, collectionId: number) => void clearConflicts.run(itemId, collectionId),
    setAside: (_tx: WritableDB, kind: 'answer' | 'change' | 'custody' | 'watch', hubSeq: number, reason: string, at: string) =>
      void setAside.run(kind, hubSeq, reason, at),
    aside: () => asideList.all(),
    /** What a pull of this kind set aside, by the hub's seq: what a later pull may take up after all. */
    asideOf: (kind: 'watch') => asideOf.all(kind),
    removeAside: (_tx: WritableDB, id: number) => void removeAside.run(id),
    /** A pulled change about an item this library lacks, kept whole (JSON) to be applied once the item is here. */
    setWaiting: (_tx: WritableDB, hubSeq: number, reason: string, at: string, subject: string, change: string) =>
      void setWaiting.run(hubSeq, reason, at, subject, change),
    waitingChanges: (): { id: number; hubSeq: number; change: string }[] => waiting.all(),
    /** A change pulled about `subject` makes the earlier ones still waiting about it moot. */
    dropWaitingBefore: (_tx: WritableDB, subject: string, hubSeq: number) => void dropWaitingBefore.run(subject, hubSeq),
    /** A new hub numbers its entries afresh: what the old one's seqs named is no longer found by them. */
    forgetAside: (_tx: WritableDB, kind: 'watch' | 'change-waiting') => void forgetAside.run(kind),
    itemKeyOf: (itemId: number) => itemKeyOf.get(itemId),
    /** The hub this library syncs with, or undefined before its first sync (or before hubs had ids). */
    hubId: (): string | undefined => hubId.get(),
    /** This library has synced with some hub already. */
    hasSynced: (): boolean => anyWatermark.get()! > 0,
    setHubId: (_tx: WritableDB, id: string) => void setHubId.run(id),
    /**
     * Forgets what belonged to the previous hub (its watermarks, custody's included, so the whole
     * chain goes again) and queues everything people wrote here for the new one. Answers that came from the old hub's colleagues stay theirs here (pulled = 2) but
     * go to the new hub like this desk's own; kept note conflicts move before any the new hub's
     * log will number.
     */
    startAfresh: (tx: WritableDB, id: string) => {
      tx.exec(`
        DELETE FROM team_sync_state;
        DELETE FROM team_heads;
        DELETE FROM team_outbox;
        UPDATE team_response_members SET pulled = 2 WHERE pulled = 1;
        -- In two steps so no row meets another's seq on the way (seq is unique).
        UPDATE team_note_conflicts SET seq = seq - ${SEQ_PARK};
        UPDATE team_note_conflicts SET seq = seq - (SELECT max(seq) FROM team_note_conflicts) - 1;
        ${SEED_OUTBOX}
      `);
      setHubId.run(id);
    },
    /** Changes whenever something new is there to push, whichever process wrote it. */
    localHead: (): string => localHead.get()!,
  };
}

export type TeamSyncRepository = ReturnType<typeof createTeamSyncRepository>;
