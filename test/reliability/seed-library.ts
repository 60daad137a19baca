/**
 * Writes items into a data folder's library with the real ingest, before a host opens it:
 * `node --import tsx test/reliability/seed-library.ts <data dir> <items.json>`, where the JSON
 * is a list of partial NormalisedItems (nativeId required), or `{ items, transcriptAnswers }`
 * where each answer is the list of NormalisedTranscripts one transcript response brought. The
 * e2e stories use it for content the demo service cannot serve (a 2 MB title, lone
 * surrogates, a transcript of thousands of segments); their project cannot import the core.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createIngester } from '../../src/main/core/library/ingest';
import { DATABASE_FILE_NAME } from '../../src/main/core/data-dir';
import { openDatabase } from '../../src/main/core/store/database';
import type { NormalisedItem, NormalisedTranscript } from '../../src/shared/model';
import { fakeResponse, item, stubNormalise } from '../helpers/library';

const [dataDir, itemsFile] = process.argv.slice(2);
if (!dataDir || !itemsFile) throw new Error('usage: seed-library.ts <data dir> <items.json>');
type Seed =
  | (Partial<NormalisedItem> & { nativeId: string })[]
  | { items: (Partial<NormalisedItem> & { nativeId: string })[]; transcriptAnswers?: NormalisedTranscript[][] };
const seed = JSON.parse(readFileSync(itemsFile, 'utf8')) as Seed;
const items = (Array.isArray(seed) ? seed : seed.items).map((given) => item(given));
const db = openDatabase({ path: join(dataDir, DATABASE_FILE_NAME) });
try {
  const ingest = createIngester(db, stubNormalise);
  ingest(fakeResponse('tweetsite/user/tweets', { items }));
  // Then transcript answers, one response each, in the order given (the last is the newest).
  for (const transcripts of Array.isArray(seed) ? [] : (seed.transcriptAnswers ?? []))
    ingest(fakeResponse('videosite/transcript', { transcripts }));
} finally {
  db.close();
}
