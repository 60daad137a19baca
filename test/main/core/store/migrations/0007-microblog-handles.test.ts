import { describe, expect, it } from 'vitest';
import { migration0007 } from '../../../../../src/main/core/store/migrations/0007-microblog-handles';
import { databaseAtVersion } from './at-version';

const DIDS_OF_HANDLE = `SELECT DISTINCT author_id FROM items
  WHERE platform = 'microblog' AND author_handle IS NOT NULL AND author_id IS NOT NULL AND lower(author_handle) = lower(?)`;

function atVersion6WithItems() {
  const db = databaseAtVersion(6);
  db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (1, 'microblog/user/posts', '{}', 'u', 'req_1', 200, 't', 'h', '{}')",
  ).run();
  const insert = db.prepare(
    "INSERT INTO items (platform, kind, native_id, author_handle, author_id, first_fetched_at, last_fetched_at, last_response_id) VALUES (?, 'post', ?, ?, ?, 't', 't', 1)",
  );
  insert.run('microblog', 'at://did:plc:a/app.bsky.feed.post/1', 'Reporter.Example', 'did:plc:a');
  insert.run('microblog', 'at://did:plc:a/app.bsky.feed.post/2', 'reporter.example', 'did:plc:a');
  insert.run('microblog', 'at://did:plc:b/app.bsky.feed.post/3', 'reporter.example', 'did:plc:b');
  insert.run('tweetsite', '42', 'reporter.example', '99');
  return db;
}

describe('migration 0007-microblog-handles', () => {
  it('finds the DIDs behind a microblog handle, whatever its case, through its own index', () => {
    const db = atVersion6WithItems();
    migration0007.up(db);
    expect(db.prepare(DIDS_OF_HANDLE).pluck().all('REPORTER.example').sort()).toEqual(['did:plc:a', 'did:plc:b']);
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN ${DIDS_OF_HANDLE}`)
      .all('x')
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/^SEARCH items USING (COVERING )?INDEX items_microblog_handle \(<expr>=/);
  });

  it('holds only microblog items', () => {
    const db = atVersion6WithItems();
    migration0007.up(db);
    const indexed = db
      .prepare(
        "SELECT count(*) FROM items INDEXED BY items_microblog_handle WHERE platform = 'microblog' AND author_handle IS NOT NULL AND author_id IS NOT NULL AND lower(author_handle) > ''",
      )
      .pluck()
      .get();
    expect(indexed).toBe(3);
    expect(() =>
      db
        .prepare("SELECT count(*) FROM items INDEXED BY items_microblog_handle WHERE platform = 'tweetsite' AND lower(author_handle) > ''")
        .get(),
    ).toThrow(/no query solution/);
  });
});
