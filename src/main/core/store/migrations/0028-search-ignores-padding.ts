import type { Migration } from './types';

/**
 * Library search ignores invisible padding — the zero-width space U+200B (real caption tracks
 * carry it inside words), the word joiner U+2060, U+FEFF and the soft hyphen U+00AD — as the
 * query does (format-characters.ts). The index's tokenizer splits words there, so "fl\u200bood"
 * was indexed as "fl" and "ood" and a search for "flood" missed it. The text is indexed through
 * views that leave the padding out; the stored text keeps it. Items and untimed transcripts are
 * re-indexed only where their text has padding; the segments' index reads a new view, so it is
 * built again. The code points are written out here: a migration must not change with the module.
 */
const PADDING = [0x00ad, 0x200b, 0x2060, 0xfeff];
const bare = (column: string): string => PADDING.reduce((sql, code) => `replace(${sql}, char(${code}), '')`, column);
const author = (row: string): string => bare(`trim(coalesce(${row}author_name, '') || ' ' || coalesce(${row}author_handle, ''))`);
const rawAuthor = (row: string): string => `trim(coalesce(${row}author_name, '') || ' ' || coalesce(${row}author_handle, ''))`;
const itemValues = (row: string): string => `${bare(`${row}title`)}, ${bare(`${row}text`)}, ${author(row)}`;
const hasPadding = (columns: string[]): string => columns.map((column) => `${column} IS NOT ${bare(column)}`).join(' OR ');

export const migration0028: Migration = {
  version: 28,
  name: 'search-ignores-padding',
  up(db) {
    db.exec(`
      DROP TRIGGER items_fts_insert;
      DROP TRIGGER items_fts_delete;
      DROP TRIGGER items_fts_update;
      DROP VIEW items_search_source;
      CREATE VIEW items_search_source AS
        SELECT id, ${bare('title')} AS title, ${bare('text')} AS text, ${author('')} AS author FROM items;

      -- What the old triggers indexed (the text as stored) comes out; the same text without padding goes in.
      CREATE TEMP TABLE padded_items AS
        SELECT id FROM items WHERE ${hasPadding(['title', 'text', 'author_name', 'author_handle'])};
      INSERT INTO items_fts (items_fts, rowid, title, text, author)
        SELECT 'delete', id, title, text, ${rawAuthor('')} FROM items WHERE id IN (SELECT id FROM padded_items);
      INSERT INTO items_fts (rowid, title, text, author)
        SELECT id, title, text, author FROM items_search_source WHERE id IN (SELECT id FROM padded_items);
      DROP TABLE padded_items;

      CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
        INSERT INTO items_fts (rowid, title, text, author) VALUES (new.id, ${itemValues('new.')});
      END;
      CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
        INSERT INTO items_fts (items_fts, rowid, title, text, author) VALUES ('delete', old.id, ${itemValues('old.')});
      END;
      -- Only when indexed text changes: a refetch mostly brings new counts, not new words.
      CREATE TRIGGER items_fts_update AFTER UPDATE OF title, text, author_name, author_handle ON items
      WHEN old.title IS NOT new.title OR old.text IS NOT new.text
        OR old.author_name IS NOT new.author_name OR old.author_handle IS NOT new.author_handle
      BEGIN
        INSERT INTO items_fts (items_fts, rowid, title, text, author) VALUES ('delete', old.id, ${itemValues('old.')});
        INSERT INTO items_fts (rowid, title, text, author) VALUES (new.id, ${itemValues('new.')});
      END;

      DROP TRIGGER segments_fts_insert;
      DROP TRIGGER segments_fts_delete;
      DROP TABLE segments_fts;
      CREATE VIEW segments_search_source AS SELECT id, ${bare('text')} AS text FROM transcript_segments;
      CREATE VIRTUAL TABLE segments_fts USING fts5 (
        text, content = 'segments_search_source', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER segments_fts_insert AFTER INSERT ON transcript_segments BEGIN
        INSERT INTO segments_fts (rowid, text) VALUES (new.id, ${bare('new.text')});
      END;
      CREATE TRIGGER segments_fts_delete AFTER DELETE ON transcript_segments BEGIN
        INSERT INTO segments_fts (segments_fts, rowid, text) VALUES ('delete', old.id, ${bare('old.text')});
      END;
      INSERT INTO segments_fts (segments_fts) VALUES ('rebuild');

      DROP TRIGGER transcript_texts_fts_insert;
      DROP TRIGGER transcript_texts_fts_delete;
      DROP TRIGGER transcript_texts_fts_update;
      DROP VIEW untimed_transcript_texts;
      CREATE VIEW untimed_transcript_texts AS
        SELECT id, ${bare('full_text')} AS full_text FROM transcripts WHERE available = 1 AND format = 'text' AND full_text IS NOT NULL;
      CREATE TEMP TABLE padded_texts AS
        SELECT id FROM transcripts WHERE available = 1 AND format = 'text' AND full_text IS NOT NULL AND (${hasPadding(['full_text'])});
      INSERT INTO transcript_texts_fts (transcript_texts_fts, rowid, full_text)
        SELECT 'delete', id, full_text FROM transcripts WHERE id IN (SELECT id FROM padded_texts);
      INSERT INTO transcript_texts_fts (rowid, full_text)
        SELECT id, full_text FROM untimed_transcript_texts WHERE id IN (SELECT id FROM padded_texts);
      DROP TABLE padded_texts;

      CREATE TRIGGER transcript_texts_fts_insert AFTER INSERT ON transcripts
      WHEN new.available = 1 AND new.format = 'text' AND new.full_text IS NOT NULL
      BEGIN
        INSERT INTO transcript_texts_fts (rowid, full_text) VALUES (new.id, ${bare('new.full_text')});
      END;
      CREATE TRIGGER transcript_texts_fts_delete AFTER DELETE ON transcripts
      WHEN old.available = 1 AND old.format = 'text' AND old.full_text IS NOT NULL
      BEGIN
        INSERT INTO transcript_texts_fts (transcript_texts_fts, rowid, full_text) VALUES ('delete', old.id, ${bare('old.full_text')});
      END;
      CREATE TRIGGER transcript_texts_fts_update AFTER UPDATE OF available, format, full_text ON transcripts
      BEGIN
        INSERT INTO transcript_texts_fts (transcript_texts_fts, rowid, full_text)
          SELECT 'delete', old.id, ${bare('old.full_text')} WHERE old.available = 1 AND old.format = 'text' AND old.full_text IS NOT NULL;
        INSERT INTO transcript_texts_fts (rowid, full_text)
          SELECT new.id, ${bare('new.full_text')} WHERE new.available = 1 AND new.format = 'text' AND new.full_text IS NOT NULL;
      END;
    `);
  },
};
