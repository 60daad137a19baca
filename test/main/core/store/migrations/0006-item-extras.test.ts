import { describe, expect, it } from 'vitest';
import { migration0006 } from '../../../../../src/main/core/store/migrations/0006-item-extras';
import { databaseAtVersion } from './at-version';

function atVersion5WithAnItem() {
  const db = databaseAtVersion(5);
  db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (1, 'pinboard/pin', '{}', 'u', 'req_1', 200, 't', 'h', '{}')",
  ).run();
  db.prepare(
    "INSERT INTO items (id, platform, kind, native_id, first_fetched_at, last_fetched_at, last_response_id) VALUES (1, 'pinboard', 'pin', '1', 't', 't', 1)",
  ).run();
  return db;
}

describe('migration 0006-item-extras', () => {
  it('gives items an extras column: empty for those stored before, a JSON object or nothing after', () => {
    const db = atVersion5WithAnItem();
    migration0006.up(db);
    expect(db.prepare('SELECT extras FROM items WHERE id = 1').pluck().get()).toBeNull();
    db.prepare(`UPDATE items SET extras = '{"dominantColor":"#a0522d","imageWidth":736}' WHERE id = 1`).run();
    expect(db.prepare("SELECT extras ->> '$.dominantColor' FROM items WHERE id = 1").pluck().get()).toBe('#a0522d');
    for (const bad of ['not json', '[1, 2]', '"a string"']) {
      expect(() => db.prepare('UPDATE items SET extras = ? WHERE id = 1').run(bad)).toThrow(/CHECK constraint/);
    }
  });
});
