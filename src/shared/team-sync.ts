/**
 * What item detail shows of the team library: who fetched the item, who wrote its notes, and
 * notes edited on two desks at once (both versions, until one is kept). Absent from an item
 * nobody else touched.
 */
export interface NoteVersionInfo {
  /** null: this version deleted the note. */
  body: string | null;
  member: string;
  at: string;
}

export interface NoteConflictInfo {
  id: number;
  /** The collection the note belongs to, or null for the library-wide note. */
  collection: string | null;
  versions: [NoteVersionInfo, NoteVersionInfo];
}

export interface ItemTeamInfo {
  /** Colleagues whose answers brought this item ("fetched by Ana"). */
  fetchedBy: string[];
  /** Notes a colleague wrote last (notes written on this desk are not listed). */
  noteAuthors: { collection: string | null; member: string; at: string }[];
  noteConflicts: NoteConflictInfo[];
}
