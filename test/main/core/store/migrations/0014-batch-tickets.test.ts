import { describe, expect, it } from 'vitest';
import { migration0014 } from '../../../../../src/main/core/store/migrations/0014-batch-tickets';
import { databaseAtVersion } from './at-version';

describe('migration 0014-batch-tickets', () => {
  it('keeps a ticket with a batch, one batch per ticket, and leaves batches without one as they were', () => {
    const db = databaseAtVersion(13);
    const add = db.prepare(
      "INSERT INTO batches (kind, label, created_at) VALUES ('import', 'Import of 3 link(s)', '2026-11-26T10:00:00.000Z')",
    );
    add.run();
    migration0014.up(db);
    expect(db.prepare('SELECT id, ticket FROM batches').all()).toEqual([{ id: 1, ticket: null }]);
    const call = db.prepare(
      "INSERT INTO batches (kind, label, created_at, ticket) VALUES ('call', 'videosite/search', '2026-11-26T10:01:00.000Z', ?)",
    );
    call.run('fetch-view-ticket-1');
    add.run();
    expect(() => call.run('fetch-view-ticket-1')).toThrow(/UNIQUE/);
    expect(db.prepare('SELECT id FROM batches WHERE ticket = ?').pluck().get('fetch-view-ticket-1')).toBe(2);
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT id FROM batches WHERE ticket = ?').all('x') as { detail: string }[];
    expect(plan.map((row) => row.detail).join('\n')).toMatch(/batches_ticket/);
  });
});
