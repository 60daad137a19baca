import { canonicalLanguage } from '../../../../shared/language';
import type { Migration } from './types';

interface TranscriptRow {
  id: number;
  itemId: number;
  language: string;
  available: number;
  fetchedAt: string;
}

/**
 * One spelling per transcript language (shared/language.ts): "English" becomes "en", so that
 * an item's transcript fetched by language code and the same language named in words are one
 * transcript, and `--language en` finds it. Where an item held one language under two spellings,
 * the row kept is the one with a transcript (over "none in that language"), then the latest
 * fetched, as a refetch would have left it; the other row's response stays in the library and
 * in the item's provenance, with everything it said.
 */
export const migration0005: Migration = {
  version: 5,
  name: 'transcript-languages',
  up(db) {
    const rows = db
      .prepare<[], TranscriptRow>('SELECT id, item_id AS itemId, language, available, fetched_at AS fetchedAt FROM transcripts ORDER BY id')
      .all();
    const groups = new Map<string, TranscriptRow[]>();
    for (const row of rows) {
      const key = `${row.itemId}\u0000${canonicalLanguage(row.language)}`;
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    const deleteSegments = db.prepare<[number]>('DELETE FROM transcript_segments WHERE transcript_id = ?');
    const deleteTranscript = db.prepare<[number]>('DELETE FROM transcripts WHERE id = ?');
    const rename = db.prepare<[string, number]>('UPDATE transcripts SET language = ? WHERE id = ?');
    const markItem = db.prepare<[number, number]>(
      'UPDATE items SET has_transcript = EXISTS (SELECT 1 FROM transcripts WHERE item_id = ? AND available = 1) WHERE id = ?',
    );
    const touched = new Set<number>();
    // Every duplicate goes before any row is renamed, so no rename meets a spelling still in use.
    const keep: TranscriptRow[] = [];
    for (const group of groups.values()) {
      group.sort((a, b) => b.available - a.available || (a.fetchedAt < b.fetchedAt ? 1 : a.fetchedAt > b.fetchedAt ? -1 : b.id - a.id));
      keep.push(group[0]!);
      for (const dropped of group.slice(1)) {
        deleteSegments.run(dropped.id);
        deleteTranscript.run(dropped.id);
        touched.add(dropped.itemId);
      }
    }
    for (const row of keep) {
      const language = canonicalLanguage(row.language);
      if (language !== row.language) rename.run(language, row.id);
    }
    for (const itemId of touched) markItem.run(itemId, itemId);
  },
};
