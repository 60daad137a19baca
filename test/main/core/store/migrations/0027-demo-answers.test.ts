import { describe, expect, it } from 'vitest';
import { migration0027 } from '../../../../../src/main/core/store/migrations/0027-demo-answers';
import { databaseAtVersion } from './at-version';

describe('migration 0027-demo-answers', () => {
  it('marks the answers that carry both the demo service’s loopback address and request-id pattern, and no other', () => {
    const db = databaseAtVersion(26);
    const add = db.prepare(
      `INSERT INTO responses (operation, params, request_url, request_id, status, fetched_at, body_sha256, body)
       VALUES ('videosite/search', '{}', ?, ?, 200, '2026-01-01T00:00:00.000Z', ?, '{"success":true}')`,
    );
    const demoId = 'req_0123456789abcdef01234567';
    const rows: [url: string, requestId: string][] = [
      // The built-in demo, on its random port, and a demo process someone pointed the base URL at by name.
      ['http://127.0.0.1:40123/api/v1/partner/videosite/search?query=flood', demoId],
      ['http://localhost:8089/api/v1/partner/videosite/search?query=flood', 'req_fedcba9876543210fedcba98'],
      // A real service: its own address, whatever its ids look like.
      ['https://api.service.example/api/v1/partner/videosite/search?query=flood', demoId],
      // A real service reached through a local tunnel, with ids of its own.
      ['http://127.0.0.1:8443/api/v1/partner/videosite/search?query=flood', 'req_9f2c'],
      ['http://127.0.0.1:8443/api/v1/partner/videosite/search?query=flood', 'req_0123456789ABCDEF01234567'],
      ['http://127.0.0.1:8443/api/v1/partner/videosite/search?query=flood', `${demoId}0`],
      // Not the demo's address: another loopback number, or https.
      ['http://127.0.0.2:40123/api/v1/partner/videosite/search', demoId],
      ['https://127.0.0.1:40123/api/v1/partner/videosite/search', demoId],
    ];
    rows.forEach(([url, requestId], index) => add.run(url, requestId, String(index).padStart(64, '0')));
    const before = db.prepare('SELECT id, request_id, body_sha256, body FROM responses ORDER BY id').all();

    migration0027.up(db);

    expect(db.prepare('SELECT demo FROM responses ORDER BY id').pluck().all()).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
    // The answers themselves are left as received.
    expect(db.prepare('SELECT id, request_id, body_sha256, body FROM responses ORDER BY id').all()).toEqual(before);
    // New answers are real unless said otherwise.
    add.run('http://127.0.0.1:1/x', demoId, 'f'.repeat(64));
    expect(db.prepare('SELECT demo FROM responses ORDER BY id DESC LIMIT 1').pluck().get()).toBe(0);
    // Which answers are demo is read from the partial index, not the rows.
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT 1 FROM item_sources s JOIN responses r ON r.id = s.response_id WHERE s.item_id = 1 AND r.demo = 1`,
      )
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join('\n')).toContain('responses_demo');
  });
});
