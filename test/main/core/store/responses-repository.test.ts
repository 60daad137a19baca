import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createResponsesRepository, type NewResponseRow } from '../../../../src/main/core/store/responses-repository';
import { writeTransaction, type ReadableDB } from '../../../../src/main/core/store/write-transaction';

let db: ReadableDB;
beforeEach(() => {
  db = openDatabase({ path: ':memory:' });
});
afterEach(() => db.close());

const row = (requestId: string, sha256: string, fetchedAt: string): NewResponseRow => ({
  operation: 'videosite/search',
  paramsJson: '{"query":"flood"}',
  requestUrl: 'https://api.example.com/videosite/search?query=flood',
  requestId,
  status: 200,
  fetchedAt,
  durationMs: 3,
  demo: false,
  sha256,
  body: '{"success":true}',
  nextPageJson: null,
  itemCount: 0,
  warningsJson: '[]',
});

describe('responses repository', () => {
  it('keys a response by request id and body, and remembers the first answer under an id', () => {
    const responses = createResponsesRepository(db);
    const first = writeTransaction(db, (tx) => responses.insert(tx, row('req_1', 'aa', '2026-01-01T00:00:00.000Z')));
    const second = writeTransaction(db, (tx) => responses.insert(tx, row('req_1', 'bb', '2026-01-02T00:00:00.000Z')));
    expect(second).toBeGreaterThan(first);
    expect(responses.idOf('req_1', 'aa')).toBe(first);
    expect(responses.idOf('req_1', 'cc')).toBeUndefined();
    expect(responses.firstFetchedAtOf('req_1')).toBe('2026-01-01T00:00:00.000Z');
    expect(responses.firstFetchedAtOf('req_2')).toBeUndefined();
  });

  it('gives the raw body as received, and corrects the item count', () => {
    const responses = createResponsesRepository(db);
    const id = writeTransaction(db, (tx) => responses.insert(tx, row('req_1', 'aa', '2026-01-01T00:00:00.000Z')));
    expect(responses.raw(id)).toEqual({
      requestId: 'req_1',
      operation: 'videosite/search',
      fetchedAt: '2026-01-01T00:00:00.000Z',
      sha256: 'aa',
      body: '{"success":true}',
    });
    writeTransaction(db, (tx) => responses.setItemCount(tx, id, 4));
    expect(db.prepare('SELECT item_count FROM responses WHERE id = ?').pluck().get(id)).toBe(4);
    expect(responses.itemIdsOf(id)).toEqual([]);
    expect(responses.raw(id + 1)).toBeUndefined();
  });
});
