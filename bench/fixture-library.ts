/**
 * A library of N synthetic videos in a data folder, written through Gleaner's real ingest path,
 * for the benchmarks that measure something else (the Library view, the host's memory). It is
 * set-up, not a measurement, so it commits in large transactions without waiting for the disk.
 */
import { openDatabase } from '../src/main/core/store/database';
import { databasePath } from '../src/main/core/data-dir';
import { createCollectionRepository } from '../src/main/core/library/collections';
import { createIngester } from '../src/main/core/library/ingest';
import { MAX_ITEMS_PER_ACTION } from '../src/shared/library';
import { normaliseResponse } from '../src/main/core/platforms/normalise';
import { makeData, makeTitles } from './library';

const PER_RESPONSE = 50;
const RESPONSES_PER_TRANSACTION = 400;

export function buildLibrary(dataDir: string, items: number, log: (line: string) => void): void {
  const responses = Math.ceil(items / PER_RESPONSE);
  const titles = makeTitles(responses * PER_RESPONSE);
  const db = openDatabase({ path: databasePath(dataDir) });
  try {
    db.pragma('synchronous = OFF');
    const ingest = createIngester(db, normaliseResponse);
    const chunk = db.transaction((from: number, to: number) => {
      for (let n = from; n < to; n += 1) {
        const data = makeData(n, titles);
        ingest({
          operation: 'videosite/search',
          params: { query: 'bench' },
          requestUrl: 'http://127.0.0.1/api/v1/partner/videosite/search?query=bench',
          requestId: `req_fixture_${n}`,
          status: 200,
          fetchedAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
          durationMs: 1,
          body: JSON.stringify({ success: true, data, meta: { request_id: `req_fixture_${n}` } }),
          data,
          nextPage: null,
        });
      }
    });
    for (let from = 0; from < responses; from += RESPONSES_PER_TRANSACTION) {
      chunk(from, Math.min(from + RESPONSES_PER_TRANSACTION, responses));
      if ((from / RESPONSES_PER_TRANSACTION) % 25 === 24) log(`  library: ${(from + RESPONSES_PER_TRANSACTION) * PER_RESPONSE} items`);
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

/** Puts every item of the library into one collection, in the library's order (set-up, as above). */
export function collectEverything(dataDir: string, name: string): number {
  const db = openDatabase({ path: databasePath(dataDir) });
  try {
    const collections = createCollectionRepository(db, () => new Date(Date.UTC(2026, 0, 2)).toISOString());
    collections.create(name);
    const ids = db.prepare<[], number>('SELECT id FROM items ORDER BY id').pluck().all();
    for (let from = 0; from < ids.length; from += MAX_ITEMS_PER_ACTION) collections.add(name, ids.slice(from, from + MAX_ITEMS_PER_ACTION));
    db.pragma('wal_checkpoint(TRUNCATE)');
    return ids.length;
  } finally {
    db.close();
  }
}
