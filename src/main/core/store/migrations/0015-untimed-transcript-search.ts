import type { Migration } from './types';

/**
 * A transcript given as one text with no timed segments (format `text`: the short-message
 * site's transcript, a list of plain strings) was stored but never indexed, because only
 * segments were: library search could not find its words. Such a transcript's whole text gets an
 * index of its own, kept in step by triggers; the transcripts stored before are indexed now
 * (`rebuild` reads them through the view). Timed transcripts stay indexed segment by segment, so
 * a hit still points at its moment.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'untimed-transcript-search',
  up(db) {
    db.exec(`
      CREATE VIEW untimed_transcript_texts AS
        SELECT id, full_text FROM transcripts WHERE available = 1 AND format = 'text' AND full_text IS NOT NULL;

      CREATE VIRTUAL TABLE transcript_texts_fts USING fts5 (
        full_text, content = 'untimed_transcript_texts', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE TRIGGER transcript_texts_fts_insert AFTER INSERT ON transcripts
      WHEN new.available = 1 AND new.format = 'text' AND new.full_text IS NOT NULL
      BEGIN
        INSERT INTO transcript_texts_fts (rowid, full_text) VALUES (new.id, new.full_text);
      END;
      CREATE TRIGGER transcript_texts_fts_delete AFTER DELETE ON transcripts
      WHEN old.available = 1 AND old.format = 'text' AND old.full_text IS NOT NULL
      BEGIN
        INSERT INTO transcript_texts_fts (transcript_texts_fts, rowid, full_text) VALUES ('delete', old.id, old.full_text);
      END;
      -- A refetch may turn an untimed transcript into a timed one (or back), or change its words.
      CREATE TRIGGER transcript_texts_fts_update AFTER UPDATE OF available, format, full_text ON transcripts
      BEGIN
        INSERT INTO transcript_texts_fts (transcript_texts_fts, rowid, full_text)
          SELECT 'delete', old.id, old.full_text WHERE old.available = 1 AND old.format = 'text' AND old.full_text IS NOT NULL;
        INSERT INTO transcript_texts_fts (rowid, full_text)
          SELECT new.id, new.full_text WHERE new.available = 1 AND new.format = 'text' AND new.full_text IS NOT NULL;
      END;

      INSERT INTO transcript_texts_fts (transcript_texts_fts) VALUES ('rebuild');
    `);
  },
};
