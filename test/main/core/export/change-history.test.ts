import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadableDB } from '../../../../src/main/core/store/database';
import { watchChangesRepository } from '../../../../src/main/core/store/watch/watch-changes-repository';
import { writeTransaction } from '../../../../src/main/core/store/write-transaction';
import { exportToFile } from '../../../../src/main/core/usecases/export-to-file';
import type { ExportRequest } from '../../../../src/shared/export';
import { createExportLibrary, type ExportLibrary } from './library-fixture';

const request: ExportRequest = { scope: { kind: 'collection', name: 'Harbour story' }, format: 'json', transcripts: false, manifest: true };

let lib: ExportLibrary;
let outDir: string;
beforeEach(() => {
  lib = createExportLibrary();
  outDir = join(lib.dir, 'out');
  mkdirSync(outDir);
});
afterEach(() => lib.dispose());

const context = () => ({ db: lib.db as ReadableDB, clock: { now: () => Date.parse('2026-04-05T06:07:08.000Z') }, appVersion: 'test' });

describe('the change history beside an export', () => {
  it('lists the exported items’ changes, one JSON line each with the answer that showed it, in the manifest too', async () => {
    const db = lib.db as ReadableDB;
    const inScope = db
      .prepare("SELECT item_id FROM collection_items JOIN collections c ON c.id = collection_id WHERE c.name = 'Harbour story'")
      .pluck()
      .all() as number[];
    const outside = db.prepare('SELECT id FROM items WHERE id NOT IN (SELECT item_id FROM collection_items)').pluck().get() as
      number | undefined;
    const change = (itemId: number, field: string) => ({
      watchId: null,
      itemId,
      change: 'edited' as const,
      field,
      before: 'old',
      after: 'new',
      responseId: null,
      requestId: 'req_1',
      sha256: 'a'.repeat(64),
      at: '2026-04-01T00:00:00.000Z',
      words: null,
    });
    writeTransaction(db, (tx) => {
      watchChangesRepository.addChange(tx, change(inScope[0]!, 'title'));
      if (outside !== undefined) watchChangesRepository.addChange(tx, change(outside, 'text'));
    });
    const result = await exportToFile(context(), { ...request, changeHistory: true }, join(outDir, 'harbour.json'));
    expect(result.files.map((file) => file.path)).toEqual(['harbour.json', 'harbour.changes.jsonl']);
    const lines = readFileSync(join(outDir, 'harbour.changes.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      {
        watch_id: null,
        item_id: inScope[0],
        change: 'edited',
        field: 'title',
        before: 'old',
        after: 'new',
        request_id: 'req_1',
        sha256: 'a'.repeat(64),
        at: '2026-04-01T00:00:00.000Z',
        demo: false,
      },
    ]);
    expect(readFileSync(join(outDir, 'manifest.sha256'), 'utf8')).toContain(`${result.files[1]!.sha256}  harbour.changes.jsonl`);
  });

  it('writes no history unless asked', async () => {
    const result = await exportToFile(context(), request, join(outDir, 'harbour.json'));
    expect(result.files.map((file) => file.path)).toEqual(['harbour.json']);
  });
});
