/**
 * Writes items into a data folder's library with the real ingest, before a host opens it:
 * `node --import tsx test/reliability/seed-library.ts <data dir> <items.json>`, where the JSON
 * is a list of partial NormalisedItems (nativeId required). The e2e hostile story uses it for
 * content the demo service cannot serve (a 2 MB title, lone surrogates); its project cannot
 * import the core itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIngester } from '../../src/main/core/library/ingest';
import { DATABASE_FILE_NAME } from '../../src/main/core/data-dir';
import { openDatabase } from '../../src/main/core/store/database';
import type { NormalisedItem } from '../../src/shared/model';
import { fakeResponse, item, stubNormalise } from '../helpers/library';

const [dataDir, itemsFile] = process.argv.slice(2);
if (!dataDir || !itemsFile) throw new Error('usage: seed-library.ts <data dir> <items.json>');
const items = (JSON.parse(readFileSync(itemsFile, 'utf8')) as (Partial<NormalisedItem> & { nativeId: string })[]).map((given) => item(given));
const db = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
try {
  createIngester(db, stubNormalise)(fakeResponse('tweetsite/user/tweets', { items }));
} finally {
  db.close();
}
