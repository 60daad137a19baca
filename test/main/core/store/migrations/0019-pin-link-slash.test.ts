import { describe, expect, it } from 'vitest';
import { migration0019 } from '../../../../../src/main/core/store/migrations/0019-pin-link-slash';
import { databaseAtVersion } from './at-version';

function atVersion18() {
  const db = databaseAtVersion(18);
  db.prepare(
    "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (1, 'pinboard/pin', '{}', 'u', 'req_1', 200, 't', 'h', '{}')",
  ).run();
  const item = db.prepare(
    `INSERT INTO items (id, platform, kind, native_id, url, first_fetched_at, last_fetched_at, last_response_id)
     VALUES (?, ?, ?, ?, ?, 't', 't', 1)`,
  );
  item.run(1, 'pinboard', 'pin', '777', 'https://www.pinterest.com/pin/777');
  item.run(2, 'pinboard', 'pin', '888', 'https://www.pinterest.com/pin/888/');
  item.run(3, 'pinboard', 'pin', null, 'https://pin.it/4AbCdEfGh');
  item.run(4, 'videosite', 'video', 'abc', 'https://www.youtube.com/watch?v=abc');
  const link = db.prepare("INSERT INTO resolved_links (platform, link, item_id, response_id) VALUES ('pinboard', ?, ?, 1)");
  link.run('https://www.pinterest.com/pin/777', 1);
  link.run('https://pin.it/4AbCdEfGh', 3);
  // Both spellings remembered already: the one with the slash stays, the other cannot become it.
  link.run('https://www.pinterest.com/pin/888', 2);
  link.run('https://www.pinterest.com/pin/888/', 2);
  return db;
}

describe('migration 0019-pin-link-slash', () => {
  it('gives stored pins the public address with its closing slash, and nothing else changes', () => {
    const db = atVersion18();
    migration0019.up(db);
    expect(db.prepare('SELECT id, url FROM items ORDER BY id').all()).toEqual([
      { id: 1, url: 'https://www.pinterest.com/pin/777/' },
      { id: 2, url: 'https://www.pinterest.com/pin/888/' },
      { id: 3, url: 'https://pin.it/4AbCdEfGh' },
      { id: 4, url: 'https://www.youtube.com/watch?v=abc' },
    ]);
    expect(db.prepare('SELECT link, item_id AS item FROM resolved_links ORDER BY link').all()).toEqual([
      { link: 'https://pin.it/4AbCdEfGh', item: 3 },
      { link: 'https://www.pinterest.com/pin/777/', item: 1 },
      { link: 'https://www.pinterest.com/pin/888', item: 2 },
      { link: 'https://www.pinterest.com/pin/888/', item: 2 },
    ]);
  });
});
