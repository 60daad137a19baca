import type { Migration } from './types';

/**
 * The microblog's post links name the author by handle (`/profile/alice.example/post/3k…`), while
 * the service identifies a post by its author's DID (`at://did:plc:…/app.bsky.feed.post/3k…`).
 * This index finds the DIDs the library has seen behind a handle, so that a pasted link to a post
 * already kept is recognised without spending a request. Partial: other platforms' items, and
 * their ingest, pay nothing for it. Handles are case-insensitive, hence lower().
 */
export const migration0007: Migration = {
  version: 7,
  name: 'microblog-handles',
  up(db) {
    db.exec(`
      CREATE INDEX items_microblog_handle ON items (lower(author_handle), author_id)
       WHERE platform = 'microblog' AND author_handle IS NOT NULL AND author_id IS NOT NULL;
    `);
  },
};
