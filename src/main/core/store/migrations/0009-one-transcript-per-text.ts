import type { Migration } from './types';

/**
 * A video's details carry its transcript with no language, and the transcript request brings the
 * same text with one; the library kept both, so an item listed "Unknown language" and "English"
 * with the same words, and exports carried them twice. Ingest now keeps such a pair as one, under
 * its language; this merges the pairs stored before. Every response stays stored, so nothing the
 * service said is lost; the segments go with their transcript (ON DELETE CASCADE, and the
 * full-text index through its trigger).
 */
export const migration0009: Migration = {
  version: 9,
  name: 'one-transcript-per-text',
  up(db) {
    db.exec(`
      DELETE FROM transcripts
       WHERE language = '' AND available = 1 AND full_text IS NOT NULL
         AND EXISTS (SELECT 1 FROM transcripts other
                      WHERE other.item_id = transcripts.item_id AND other.language <> ''
                        AND other.available = 1 AND other.full_text = transcripts.full_text);
    `);
  },
};
