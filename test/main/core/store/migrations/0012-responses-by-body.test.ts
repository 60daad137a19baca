import type BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../../../src/main/core/store/migrate';
import { migrations } from '../../../../../src/main/core/store/migrations';
import { migration0012 } from '../../../../../src/main/core/store/migrations/0012-responses-by-body';
import { databaseAtVersion } from './at-version';

const RESPONSE =
  "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, duration_ms, body_sha256, body, next_page, item_count, parse_warnings) VALUES (?, 'videosite/video', '{\"url\":\"u\"}', 'https://api.example.com/x', ?, 200, ?, 12, ?, ?, NULL, 1, '[]')";

/** A library at version 11 with every table that refers to responses holding rows that do. */
function atVersion11WithResponses() {
  const db = databaseAtVersion(11);
  const response = db.prepare(RESPONSE);
  // Ids with a gap, so a rebuild that renumbered them would show.
  response.run(3, 'req_a', '2026-01-01T00:00:00.000Z', 'h1', '{"success":true,"data":{"a":1}}');
  response.run(7, 'req_b', '2026-01-02T00:00:00.000Z', 'h2', '{"success":true,"data":{"b":2}}');
  db.prepare(
    "INSERT INTO items (id, platform, kind, native_id, title, views, first_fetched_at, last_fetched_at, last_response_id) VALUES (1, 'videosite', 'video', 'a1', 'Tide gauge', 10, 't', 't', 7)",
  ).run();
  db.prepare(
    "INSERT INTO item_sources (item_id, response_id, source_path, position, views) VALUES (1, 3, 'data', 0, 5), (1, 7, 'data', 0, 10)",
  ).run();
  db.prepare(
    "INSERT INTO transcripts (id, item_id, response_id, language, available, format, full_text, fetched_at) VALUES (1, 1, 3, 'en', 1, 'segments', 'the tide', 't')",
  ).run();
  db.prepare("INSERT INTO batches (id, kind, label, created_at) VALUES (1, 'call', 'x', 't')").run();
  db.prepare(
    "INSERT INTO jobs (id, batch_id, operation, params, state, response_id, created_at, updated_at) VALUES (1, 1, 'videosite/video', '{}', 'done', 7, 't', 't')",
  ).run();
  return db;
}

const everything = (db: BetterSqlite3.Database) =>
  Object.fromEntries(
    ['responses', 'items', 'item_sources', 'transcripts', 'jobs', 'metric_snapshots'].map((table) => [
      table,
      db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).all(),
    ]),
  );

describe('migration 0012-responses-by-body', () => {
  it('keeps every response, under its id, and every row that refers to one', () => {
    const db = atVersion11WithResponses();
    const before = everything(db);
    migration0012.up(db);
    expect(everything(db)).toEqual(before);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    // The helper indexes are gone again; the table keeps its index on fetch time.
    expect(
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'responses' ORDER BY name").pluck().all(),
    ).toEqual(['responses_fetched_at', 'responses_request']);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE 'migration_%' OR name = 'responses_before'").pluck().get()).toBe(
      0,
    );
  });

  it('takes a different body under a known request id, and still refuses the same one twice', () => {
    const db = atVersion11WithResponses();
    const response = db.prepare(RESPONSE);
    expect(() => response.run(8, 'req_a', 't', 'other', '{}')).toThrow(/UNIQUE/);
    migration0012.up(db);
    response.run(8, 'req_a', 't', 'other', '{}');
    expect(() => response.run(9, 'req_a', 't', 'other', '{}')).toThrow(/UNIQUE/);
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT id FROM responses WHERE request_id = ? AND body_sha256 = ?')
      .all('req_a', 'h1')
      .map((row) => (row as { detail: string }).detail)
      .join('\n');
    expect(plan).toMatch(/USING (COVERING )?INDEX responses_request/);
  });

  it('runs inside the migrations’ one transaction with foreign keys on, and leaves a reference broken before as it was', () => {
    const db = atVersion11WithResponses();
    // databaseAtVersion runs the steps without the runner; record them as the runner would have.
    db.exec('DELETE FROM schema_migrations');
    const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 't')");
    for (const m of migrations.slice(0, 11)) record.run(m.version, m.name);
    db.pragma('user_version = 11');
    expect(migrate(db, migrations.slice(0, 12))).toEqual({ from: 11, to: 12 });
    expect(db.prepare('SELECT count(*) FROM responses').pluck().get()).toBe(2);

    // A reference already broken (written with foreign keys off) is left as it was, and the rest migrates.
    const broken = atVersion11WithResponses();
    broken.pragma('foreign_keys = OFF');
    broken
      .prepare(
        "INSERT INTO items (id, platform, kind, native_id, first_fetched_at, last_fetched_at, last_response_id) VALUES (2, 'videosite', 'video', 'b2', 't', 't', 99)",
      )
      .run();
    broken.pragma('foreign_keys = ON');
    const before = everything(broken);
    migration0012.up(broken);
    expect(everything(broken)).toEqual(before);
    expect(broken.pragma('foreign_key_check')).toEqual([expect.objectContaining({ table: 'items', parent: 'responses' })]);
  });
});
