import { describe, expect, it } from 'vitest';
import { createHandWriter, makeResponse, makeTitles } from '../../bench/library';
import { createIngester } from '../../src/main/core/library/ingest';
import { normaliseResponse } from '../../src/main/core/platforms/normalise';
import { openDatabase, type Database } from '../../src/main/core/store/database';

// The benchmark's "schema floor" is only a floor if the hand-written side stores what Gleaner stores.
describe('library benchmark: hand-written rows', () => {
  const titles = makeTitles(150);

  /** A library holding the benchmark's first three responses, each stored by `write`. */
  function library(makeWriter: (db: Database) => (n: number, response: ReturnType<typeof makeResponse>) => void): Database {
    const db = openDatabase({ path: ':memory:' });
    const write = makeWriter(db);
    for (let n = 0; n < 3; n += 1) write(n, makeResponse(n, titles));
    return db;
  }

  const viaGleaner = () =>
    library((db) => {
      const ingest = createIngester(db, normaliseResponse);
      return (n, { data, body, fetchedAt }) =>
        ingest({
          operation: 'videosite/search',
          params: { query: 'bench' },
          requestUrl: 'http://127.0.0.1/api/v1/partner/videosite/search?query=bench',
          requestId: `req_bench_${n}`,
          status: 200,
          fetchedAt,
          durationMs: 1,
          body,
          data,
          nextPage: null,
        });
    });

  const byHand = () =>
    library((db) => {
      const write = createHandWriter(db);
      return (n, { data, body, fetchedAt }) => write(n, data, body, fetchedAt);
    });

  const rows = (db: Database, sql: string) => db.prepare(sql).all();

  it('writes the same items, sightings, responses and index as Gleaner ingest', () => {
    const gleaner = viaGleaner();
    const hand = byHand();
    for (const sql of [
      'SELECT * FROM items ORDER BY id',
      'SELECT * FROM item_sources ORDER BY item_id, response_id',
      'SELECT id, operation, params, request_url, request_id, status, fetched_at, duration_ms, body_sha256, body, next_page, item_count, parse_warnings FROM responses ORDER BY id',
      "SELECT rowid, highlight(items_fts, 2, '[', ']') AS author FROM items_fts WHERE items_fts MATCH 'channel' ORDER BY rowid",
    ]) {
      const expected = rows(gleaner, sql);
      expect(expected.length).toBeGreaterThan(0);
      expect(rows(hand, sql), sql).toEqual(expected);
    }
  });
});
