/**
 * Entries the core appends from code (the triggers of migration 0022 record collections, notes and
 * tags; ingest records fetches): exports, and watches once the watch code calls in.
 */
import { basename } from 'node:path';
import { canonicalJson, type CustodySubject } from '../../../shared/custody';
import type { ExportRequest, ExportSummary } from '../../../shared/export';
import { custodyRepository } from '../store/custody/custody-repository';
import { writeTransaction, type ReadableDB, type WritableDB } from '../store/write-transaction';

/** What an export's scope was, in the log's plain fields (an item export is found from the item's detail). */
function scopeFields(scope: ExportRequest['scope']): CustodySubject {
  switch (scope.kind) {
    case 'item':
      return { scope: 'item', itemId: scope.id };
    case 'items':
      return { scope: 'items', itemIds: scope.ids };
    case 'collection':
      return { scope: 'collection', collectionName: scope.name };
    case 'search':
      return { scope: 'search', search: canonicalJson(scope.search) };
    case 'all':
      return { scope: 'all' };
  }
}

/**
 * An export that finished: format, scope, counts and the name written (never the folder, which
 * may say more about the person than the case). A single file's SHA-256 is named when it was taken.
 */
export function recordExport(
  db: ReadableDB,
  request: ExportRequest,
  outPath: string,
  summary: ExportSummary,
  at: string,
  demo = false,
): void {
  const single = summary.files.length === 1 ? summary.files[0] : undefined;
  writeTransaction(db, (tx) =>
    custodyRepository.append(tx, {
      at,
      kind: 'export',
      action: 'exported',
      subject: {
        format: request.format,
        ...scopeFields(request.scope),
        transcripts: request.transcripts,
        items: summary.items,
        files: summary.files.length,
        fileName: basename(outPath),
        ...(single?.sha256 ? { sha256: single.sha256 } : {}),
        // Only when some item exported was demo data.
        ...(demo ? { demo: true } : {}),
      },
    }),
  );
}

/**
 * For the watch code (issue 30): call inside the write transaction that adds, pauses, resumes or
 * removes a watch, or stores what a run found, so the change and its entry commit together.
 * `action`: 'added' | 'paused' | 'resumed' | 'removed' | 'changed'; `subject`: the watch's id and
 * label, its target as canonical JSON, and for a found change the item id and the answer's sha256.
 */
export function recordWatchCustody(tx: WritableDB, action: string, subject: CustodySubject): number {
  return custodyRepository.append(tx, { kind: 'watch', action, subject });
}
