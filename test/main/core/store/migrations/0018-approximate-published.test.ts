import { describe, expect, it } from 'vitest';
import { migration0018 } from '../../../../../src/main/core/store/migrations/0018-approximate-published';
import { databaseAtVersion } from './at-version';

function atVersion14WithItems() {
  const db = databaseAtVersion(17);
  db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (1, 'videosite/search', '{}', 'u', 'req_1', 200, 't', 'h', '{}')",
  ).run();
  const item = db.prepare(
    `INSERT INTO items (id, platform, kind, native_id, published_at, published_text, first_fetched_at, last_fetched_at, last_response_id)
     VALUES (?, 'videosite', 'video', ?, ?, ?, '2025-01-10T09:00:00.000Z', '2026-11-27T08:00:00.000Z', 1)`,
  );
  item.run(1, 'a', null, '1 year ago');
  item.run(2, 'b', '2024-03-04T10:00:00.000Z', '2 years ago');
  item.run(3, 'c', null, 'Premieres in 3 days');
  item.run(4, 'd', null, null);
  return db;
}

const rows = (db: ReturnType<typeof databaseAtVersion>) =>
  db.prepare('SELECT id, published_at AS at, published_approximate AS approximate FROM items ORDER BY id').all();

describe('migration 0018-approximate-published', () => {
  it('dates items that carried only wording from their last fetch, flagged, and leaves exact and unreadable ones', () => {
    const db = atVersion14WithItems();
    migration0018.up(db);
    expect(rows(db)).toEqual([
      { id: 1, at: '2025-11-27T00:00:00.000Z', approximate: 1 },
      { id: 2, at: '2024-03-04T10:00:00.000Z', approximate: 0 },
      { id: 3, at: null, approximate: 0 },
      { id: 4, at: null, approximate: 0 },
    ]);
  });

  it('so a "published from" filter finds the item it dropped before', () => {
    const db = atVersion14WithItems();
    const from = db.prepare("SELECT id FROM items WHERE published_at >= '2025-06-01' ORDER BY id").pluck();
    expect(from.all()).toEqual([]);
    migration0018.up(db);
    expect(from.all()).toEqual([1]);
  });

  it('takes only 0 or 1 as the flag', () => {
    const db = atVersion14WithItems();
    migration0018.up(db);
    expect(() => db.prepare('UPDATE items SET published_approximate = 2 WHERE id = 1').run()).toThrow(/CHECK constraint/);
  });
});
