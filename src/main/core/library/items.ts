/** One item with everything needed to read and cite it: fields, history, transcript, provenance. */
import { makeCitation } from '../../../shared/citation';
import { GleanerError } from '../../../shared/errors';
import type { ItemDetail } from '../../../shared/library';
import type { Database } from '../store/database';
import { repositoriesOf } from '../store/repositories';
import type { RawResponseRow } from '../store/responses-repository';
import type { ReadableDB } from '../store/write-transaction';
import { noteConflictsOf } from '../team/sync/note-conflicts';
import { watchInfoOf } from '../watch/item-versions';

export { parseExtras } from '../store/items-repository';

export function getItemDetail(db: Database, id: number): ItemDetail {
  const { items, transcripts, annotations } = repositoriesOf(db);
  const item = items.record(id);
  if (!item) throw new GleanerError('NOT_FOUND', `No item with id ${id} is in the library.`);
  // The response that last carried the item's fields, as exports cite it (a foreign key keeps it).
  const cited = items.citedResponse(id);
  if (!cited)
    throw new GleanerError(
      'STORAGE_ERROR',
      `The library is damaged: item ${id} names a response it does not hold. Restore it from a backup.`,
    );
  return {
    item,
    // The flag rides with the citation (only when set), so whatever cites the date can say it is approximate.
    citation: { ...makeCitation(item, cited), ...(item.publishedApproximate ? { publishedApproximate: true } : {}) },
    metricsHistory: items.metricsHistory(id),
    transcripts: transcripts.ofItem(id).map(({ id: transcriptId, language, ...rest }) => ({
      language: language === '' ? null : language,
      ...rest,
      segments: transcripts.segments(transcriptId),
    })),
    provenance: items.provenance(id),
    collections: annotations.collectionsOf(id),
    notes: annotations.notesOf(id),
    tags: annotations.tagsOf(id),
    ...teamInfo(db as ReadableDB, id),
    ...watchInfoOf(db as ReadableDB, item),
  };
}

function teamInfo(db: ReadableDB, id: number): Pick<ItemDetail, 'team'> {
  const team = noteConflictsOf(db).teamInfoOf(id);
  return team ? { team } : {};
}

/** The raw response body exactly as received, for the "raw JSON" panel and citations. */
export function getRawResponse(db: Database, responseId: number): RawResponseRow {
  const row = repositoriesOf(db).responses.raw(responseId);
  if (!row) throw new GleanerError('NOT_FOUND', `No stored response with id ${responseId}.`);
  return row;
}
