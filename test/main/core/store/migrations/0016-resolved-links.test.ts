import { describe, expect, it } from 'vitest';
import { migration0016 } from '../../../../../src/main/core/store/migrations/0016-resolved-links';
import { databaseAtVersion } from './at-version';

describe('migration 0016-resolved-links', () => {
  it('remembers the item each single-item link stored before resolved to, the latest answer winning', () => {
    const db = databaseAtVersion(15);
    const response = db.prepare(
      "INSERT INTO responses (id, operation, params, request_url, request_id, status, fetched_at, body_sha256, body) VALUES (?, ?, ?, 'u', ?, 200, ?, 'h', '{}')",
    );
    const item = db.prepare(
      "INSERT INTO items (id, platform, kind, native_id, first_fetched_at, last_fetched_at, last_response_id) VALUES (?, ?, 'video', ?, 't', 't', ?)",
    );
    const source = db.prepare("INSERT INTO item_sources (item_id, response_id, source_path, position) VALUES (?, ?, '', ?)");
    // A share link fetched twice (with its transcript flag the second time), a search, a channel, and an answer without items.
    response.run(1, 'shortvideo/video', '{"url":"https://vm.tiktok.com/ZMshare12/"}', 'req_1', '2026-01-01T00:00:01Z');
    response.run(
      2,
      'shortvideo/video',
      '{"url":"https://vm.tiktok.com/ZMshare12","get_transcript":"true"}',
      'req_2',
      '2026-01-01T00:00:02Z',
    );
    response.run(3, 'videosite/search', '{"query":"harbour"}', 'req_3', '2026-01-01T00:00:03Z');
    response.run(4, 'videosite/channel/videos', '{"url":"https://www.youtube.com/@newsroom"}', 'req_4', '2026-01-01T00:00:04Z');
    response.run(5, 'pinboard/pin', '{"url":"https://pin.it/AbCdEf12"}', 'req_5', '2026-01-01T00:00:05Z');
    item.run(1, 'shortvideo', '7234567890123456789', 1);
    item.run(2, 'shortvideo', '7234567890123456780', 2);
    item.run(3, 'videosite', 'aaaaaaaaaa1', 3);
    source.run(1, 1, 0);
    source.run(2, 2, 0);
    source.run(1, 2, 1);
    source.run(3, 3, 0);
    source.run(3, 4, 0);
    migration0016.up(db);
    expect(db.prepare('SELECT platform, link, item_id AS itemId, response_id AS responseId FROM resolved_links').all()).toEqual([
      { platform: 'shortvideo', link: 'https://vm.tiktok.com/ZMshare12', itemId: 2, responseId: 2 },
    ]);
    // The link goes with its item.
    db.prepare('DELETE FROM item_sources WHERE item_id = 2').run();
    db.prepare('DELETE FROM items WHERE id = 2').run();
    expect(db.prepare('SELECT count(*) FROM resolved_links').pluck().get()).toBe(0);
    expect(db.pragma('foreign_key_check')).toEqual([]);
  });
});
