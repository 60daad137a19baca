/**
 * The SQLite repositories of one open library, prepared once per connection and shared by every
 * caller that holds only the handle (the library reads, the handlers, the CLI).
 */
import type { Database } from 'better-sqlite3';
import { createAnnotationsRepository, type AnnotationsRepository } from './annotations-repository';
import { createCollectionsRepository, type CollectionsRepository } from './collections-repository';
import { createItemsRepository, type ItemsRepository } from './items-repository';
import { createResponsesRepository, type ResponsesRepository } from './responses-repository';
import { createTranscriptsRepository, type TranscriptsRepository } from './transcripts-repository';
import type { ReadableDB } from './write-transaction';

export interface LibraryRepositories {
  items: ItemsRepository;
  responses: ResponsesRepository;
  transcripts: TranscriptsRepository;
  collections: CollectionsRepository;
  annotations: AnnotationsRepository;
}

const opened = new WeakMap<Database, LibraryRepositories>();

export function repositoriesOf(db: Database): LibraryRepositories {
  let repositories = opened.get(db);
  if (!repositories) {
    const readable = db as ReadableDB;
    repositories = {
      items: createItemsRepository(readable),
      responses: createResponsesRepository(readable),
      transcripts: createTranscriptsRepository(readable),
      collections: createCollectionsRepository(readable),
      annotations: createAnnotationsRepository(readable),
    };
    opened.set(db, repositories);
  }
  return repositories;
}
