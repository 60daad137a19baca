import type { Migration } from './types';

/**
 * The research library: every response as received (provenance), the items normalised
 * from them with metrics history, transcripts, collections, notes and tags, and the FTS5
 * indexes kept in sync by triggers.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'library',
  up(db) {
    db.exec(`
      -- Each successful response exactly as received. request_id is unique, so storing the
      -- same response twice (a replay, a crash between send and commit) changes nothing.
      CREATE TABLE responses (
        id INTEGER PRIMARY KEY,
        operation TEXT NOT NULL,
        params TEXT NOT NULL CHECK (json_valid(params)),
        request_url TEXT NOT NULL,
        request_id TEXT NOT NULL UNIQUE,
        status INTEGER NOT NULL,
        fetched_at TEXT NOT NULL,
        duration_ms INTEGER,
        body_sha256 TEXT NOT NULL,
        body TEXT NOT NULL,
        next_page TEXT CHECK (next_page IS NULL OR json_valid(next_page)),
        item_count INTEGER NOT NULL DEFAULT 0,
        parse_warnings TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(parse_warnings))
      ) STRICT;
      CREATE INDEX responses_fetched_at ON responses (fetched_at);

      CREATE TABLE items (
        id INTEGER PRIMARY KEY,
        platform TEXT NOT NULL,
        kind TEXT NOT NULL,
        native_id TEXT,
        url TEXT,
        title TEXT,
        text TEXT,
        author_name TEXT,
        author_handle TEXT,
        author_id TEXT,
        author_url TEXT,
        published_at TEXT,
        published_text TEXT,
        duration_ms INTEGER,
        thumbnail_url TEXT,
        views INTEGER,
        likes INTEGER,
        comments INTEGER,
        reposts INTEGER,
        shares INTEGER,
        followers INTEGER,
        first_fetched_at TEXT NOT NULL,
        last_fetched_at TEXT NOT NULL,
        last_response_id INTEGER NOT NULL REFERENCES responses (id),
        has_transcript INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE UNIQUE INDEX items_native_id ON items (platform, native_id) WHERE native_id IS NOT NULL;
      CREATE INDEX items_url ON items (platform, url) WHERE url IS NOT NULL;
      -- Only absolute times can be filtered on (many platforms give "3 days ago"), so only they are indexed.
      CREATE INDEX items_published_at ON items (published_at) WHERE published_at IS NOT NULL;
      CREATE INDEX items_last_fetched_at ON items (last_fetched_at);

      -- Each sighting of an item: the response it was found in, where, in which order (position in
      -- the response), and its counts then. The link back to the raw JSON, keyed by item for its
      -- provenance; the second index lists a response's items in order.
      CREATE TABLE item_sources (
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        response_id INTEGER NOT NULL REFERENCES responses (id),
        source_path TEXT NOT NULL,
        position INTEGER NOT NULL,
        -- Counts are kept on the first sighting in a response that has any (ingest sees to it).
        views INTEGER,
        likes INTEGER,
        comments INTEGER,
        reposts INTEGER,
        shares INTEGER,
        followers INTEGER,
        PRIMARY KEY (item_id, response_id, source_path)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX item_sources_response ON item_sources (response_id, position);

      -- One snapshot per fetch, so a user sees how views and likes moved. A view of the sightings
      -- rather than a table of its own: every item written costs one row and index entry less.
      CREATE VIEW metric_snapshots AS
        SELECT s.item_id, s.response_id, r.fetched_at, s.views, s.likes, s.comments, s.reposts, s.shares, s.followers
          FROM item_sources s JOIN responses r ON r.id = s.response_id
         WHERE coalesce(s.views, s.likes, s.comments, s.reposts, s.shares, s.followers) IS NOT NULL;

      -- One transcript per item and language; refetching replaces its segments.
      CREATE TABLE transcripts (
        id INTEGER PRIMARY KEY,
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        response_id INTEGER NOT NULL REFERENCES responses (id),
        language TEXT NOT NULL DEFAULT '',
        available INTEGER NOT NULL,
        format TEXT NOT NULL,
        full_text TEXT,
        fetched_at TEXT NOT NULL,
        UNIQUE (item_id, language)
      ) STRICT;

      CREATE TABLE transcript_segments (
        id INTEGER PRIMARY KEY,
        transcript_id INTEGER NOT NULL REFERENCES transcripts (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        start_ms INTEGER NOT NULL,
        end_ms INTEGER,
        text TEXT NOT NULL,
        UNIQUE (transcript_id, seq)
      ) STRICT;

      CREATE TABLE collections (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE collection_items (
        collection_id INTEGER NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        position REAL NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (collection_id, item_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX collection_items_item ON collection_items (item_id);

      -- Notes and tags are global (collection_id 0) or belong to one collection.
      -- An explicit id: notes_fts is keyed by it, and VACUUM may renumber implicit rowids.
      CREATE TABLE notes (
        id INTEGER PRIMARY KEY,
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        collection_id INTEGER NOT NULL DEFAULT 0,
        body TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (item_id, collection_id)
      ) STRICT;

      CREATE TABLE tags (
        item_id INTEGER NOT NULL REFERENCES items (id) ON DELETE CASCADE,
        collection_id INTEGER NOT NULL DEFAULT 0,
        tag TEXT NOT NULL COLLATE NOCASE,
        PRIMARY KEY (item_id, collection_id, tag)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX tags_tag ON tags (tag);

      -- Full-text indexes. External content keeps one copy of the text; the triggers below
      -- keep them in step. remove_diacritics 2 makes "cafe" find "café".
      CREATE VIRTUAL TABLE items_fts USING fts5 (
        title, text, author,
        content = 'items_search_source', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE VIEW items_search_source AS
        SELECT id, title, text, trim(coalesce(author_name, '') || ' ' || coalesce(author_handle, '')) AS author FROM items;

      CREATE VIRTUAL TABLE notes_fts USING fts5 (body, tokenize = 'unicode61 remove_diacritics 2');

      CREATE VIRTUAL TABLE segments_fts USING fts5 (
        text, content = 'transcript_segments', content_rowid = 'id',
        tokenize = 'unicode61 remove_diacritics 2'
      );

      CREATE TRIGGER items_fts_insert AFTER INSERT ON items BEGIN
        INSERT INTO items_fts (rowid, title, text, author)
        VALUES (new.id, new.title, new.text, trim(coalesce(new.author_name, '') || ' ' || coalesce(new.author_handle, '')));
      END;
      CREATE TRIGGER items_fts_delete AFTER DELETE ON items BEGIN
        INSERT INTO items_fts (items_fts, rowid, title, text, author)
        VALUES ('delete', old.id, old.title, old.text, trim(coalesce(old.author_name, '') || ' ' || coalesce(old.author_handle, '')));
      END;
      -- Only when indexed text changes: a refetch mostly brings new counts, not new words.
      CREATE TRIGGER items_fts_update AFTER UPDATE OF title, text, author_name, author_handle ON items
      WHEN old.title IS NOT new.title OR old.text IS NOT new.text
        OR old.author_name IS NOT new.author_name OR old.author_handle IS NOT new.author_handle
      BEGIN
        INSERT INTO items_fts (items_fts, rowid, title, text, author)
        VALUES ('delete', old.id, old.title, old.text, trim(coalesce(old.author_name, '') || ' ' || coalesce(old.author_handle, '')));
        INSERT INTO items_fts (rowid, title, text, author)
        VALUES (new.id, new.title, new.text, trim(coalesce(new.author_name, '') || ' ' || coalesce(new.author_handle, '')));
      END;

      CREATE TRIGGER notes_fts_insert AFTER INSERT ON notes BEGIN
        INSERT INTO notes_fts (rowid, body) VALUES (new.id, new.body);
      END;
      CREATE TRIGGER notes_fts_delete AFTER DELETE ON notes BEGIN
        DELETE FROM notes_fts WHERE rowid = old.id;
      END;
      CREATE TRIGGER notes_fts_update AFTER UPDATE OF body ON notes BEGIN
        UPDATE notes_fts SET body = new.body WHERE rowid = new.id;
      END;

      CREATE TRIGGER segments_fts_insert AFTER INSERT ON transcript_segments BEGIN
        INSERT INTO segments_fts (rowid, text) VALUES (new.id, new.text);
      END;
      CREATE TRIGGER segments_fts_delete AFTER DELETE ON transcript_segments BEGIN
        INSERT INTO segments_fts (segments_fts, rowid, text) VALUES ('delete', old.id, old.text);
      END;
    `);
  },
};
