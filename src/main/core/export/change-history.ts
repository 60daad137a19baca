/**
 * The change history beside an export: every change watches noticed on the exported items, one
 * JSON line each, with the answer that showed it (request id, SHA-256, time). Written the safe
 * way, as the export is: never through a link, a pipe or over the library.
 */
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { WatchChange } from '../../../shared/watch';
import { watchChangesRepository } from '../store/watch/watch-changes-repository';
import type { ReadableDB } from '../store/write-transaction';
import { writeSafeFile, type FileRules } from '../files/safe-file';

/** `report.csv` → `report.changes.jsonl`, beside it. */
export const changeHistoryName = (outPath: string): string => `${basename(outPath).replace(/\.[^.]*$/, '')}.changes.jsonl`;

export function changeHistoryLine(change: WatchChange): string {
  return JSON.stringify({
    watch_id: change.watchId,
    item_id: change.itemId,
    change: change.change,
    ...(change.field !== null ? { field: change.field } : {}),
    ...(change.before !== null ? { before: change.before } : {}),
    ...(change.after !== null ? { after: change.after } : {}),
    ...(change.words !== null ? { words: change.words } : {}),
    request_id: change.requestId,
    sha256: change.sha256,
    at: change.at,
    demo: change.demo,
  });
}

/** Writes the history; returns its file as the export's summary lists files. */
export async function writeChangeHistory(
  db: Database,
  scopeTable: string,
  baseDir: string,
  outPath: string,
  rules: FileRules,
): Promise<{ path: string; bytes: number; sha256: string }> {
  const changes = watchChangesRepository.changesInScope(db as ReadableDB, scopeTable);
  const text = changes.map((change) => `${changeHistoryLine(change)}\n`).join('');
  const name = changeHistoryName(outPath);
  await writeSafeFile(join(baseDir, name), text, rules);
  return { path: name, bytes: Buffer.byteLength(text), sha256: createHash('sha256').update(text).digest('hex') };
}
