import { describe, expect, it } from 'vitest';
import { migration0010 } from '../../../../../src/main/core/store/migrations/0010-collection-order';
import { databaseAtVersion } from './at-version';

const PAGE = 'SELECT item_id FROM collection_items WHERE collection_id = ? ORDER BY position LIMIT 2 OFFSET 1';
const plan = (db: ReturnType<typeof databaseAtVersion>) =>
  db
    .prepare(`EXPLAIN QUERY PLAN ${PAGE}`)
    .all(1)
    .map((row) => (row as { detail: string }).detail)
    .join('\n');

describe('migration 0010-collection-order', () => {
  it('reads a page of a collection in its order through an index instead of sorting it', () => {
    const db = databaseAtVersion(9);
    expect(plan(db)).toMatch(/TEMP B-TREE FOR ORDER BY/);
    migration0010.up(db);
    expect(plan(db)).toMatch(/USING (COVERING )?INDEX collection_items_order/);
    expect(plan(db)).not.toMatch(/TEMP B-TREE/);
  });
});
