/**
 * Notes edited on two desks at once, and who wrote what: item detail shows both texts with who
 * and when, and a way to keep one (or a merged text). Resolving saves the chosen text as an
 * ordinary edit and tells every desk, through the log, that the conflict is settled.
 */
import { GleanerError } from '../../../../shared/errors';
import type { ItemTeamInfo, NoteConflictInfo } from '../../../../shared/team-sync';
import { wellFormed } from '../../../../shared/text';
import { repositoriesOf } from '../../store/repositories';
import { createTeamSyncRepository, type TeamSyncRepository } from '../../store/team/team-sync-repository';
import { writeTransaction, type ReadableDB } from '../../store/write-transaction';

export interface NoteConflict extends NoteConflictInfo {
  itemId: number;
}

export interface ItemAuthors {
  /** Colleagues whose answers brought this item ("fetched by Ana"); empty when only this desk fetched it. */
  fetchedBy: string[];
  /** A note's author when a colleague wrote it last; notes written here are not listed. */
  notes: { collection: string | null; member: string; at: string }[];
}

export function createNoteConflicts(db: ReadableDB, team: TeamSyncRepository) {
  const { annotations, collections } = repositoriesOf(db);
  const collectionName = (id: number): string | null => (id === 0 ? null : (collections.summary(id)?.name ?? null));

  return {
    ofItem(itemId: number): NoteConflict[] {
      return team.conflictsOf(itemId).map((row) => ({
        id: row.id,
        itemId: row.itemId,
        collection: collectionName(row.collectionId),
        versions: [
          { body: row.firstBody, member: row.firstMember, at: row.firstAt },
          { body: row.secondBody, member: row.secondMember, at: row.secondAt },
        ],
      }));
    },

    authorsOf(itemId: number): ItemAuthors {
      return {
        fetchedBy: team.fetchersOf(itemId),
        notes: team.noteAuthorsOf(itemId).map((row) => ({ collection: collectionName(row.collectionId), member: row.member, at: row.at })),
      };
    },

    /** What item detail shows, or undefined when no colleague touched the item. */
    teamInfoOf(itemId: number): ItemTeamInfo | undefined {
      const authors = this.authorsOf(itemId);
      const noteConflicts = this.ofItem(itemId).map(({ itemId: _item, ...info }) => info);
      if (authors.fetchedBy.length === 0 && authors.notes.length === 0 && noteConflicts.length === 0) return undefined;
      return { fetchedBy: authors.fetchedBy, noteAuthors: authors.notes, noteConflicts };
    },

    /** Keeps `body` (one of the versions, or a merge of them; empty deletes the note) and settles the conflict on every desk. */
    resolve(conflictId: number, body: string, at: string): { itemId: number } {
      const conflict = team.conflict(conflictId);
      if (!conflict)
        throw new GleanerError('NOT_FOUND', `There is no note conflict ${conflictId}; it may have been resolved on another desk.`);
      if (body.length > 100_000) throw new GleanerError('INVALID_INPUT', 'A note is at most 100,000 characters.');
      const item = team.itemKeyOf(conflict.itemId);
      const gid = conflict.collectionId === 0 ? '' : team.gidOf(conflict.collectionId);
      if (!item || gid === undefined) throw new GleanerError('NOT_FOUND', 'The note’s item or collection is no longer in the library.');
      const text = wellFormed(body);
      writeTransaction(db, (tx) => {
        if (text.trim() === '') annotations.deleteNote(tx, conflict.itemId, conflict.collectionId);
        else annotations.saveNote(tx, conflict.itemId, conflict.collectionId, text, at);
        team.queueChange(
          tx,
          'note',
          'resolve',
          JSON.stringify({ gid, item }),
          JSON.stringify({ body: text.trim() === '' ? null : text }),
          at,
        );
        team.clearConflicts(tx, conflict.itemId, conflict.collectionId);
      });
      return { itemId: conflict.itemId };
    },
  };
}

const opened = new WeakMap<ReadableDB, ReturnType<typeof createNoteConflicts>>();

/** The note conflicts of an open library, prepared once per connection (item detail reads them on every open). */
export function noteConflictsOf(db: ReadableDB): ReturnType<typeof createNoteConflicts> {
  let found = opened.get(db);
  if (!found) {
    found = createNoteConflicts(db, createTeamSyncRepository(db));
    opened.set(db, found);
  }
  return found;
}
