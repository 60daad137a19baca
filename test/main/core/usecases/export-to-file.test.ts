import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadableDB } from '../../../../src/main/core/store/database';
import { exportToFile } from '../../../../src/main/core/usecases/export-to-file';
import type { ExportRequest } from '../../../../src/shared/export';
import { createExportLibrary, type ExportLibrary } from '../export/library-fixture';

const EXPORTED_AT = Date.parse('2026-04-05T06:07:08.000Z');
const request: ExportRequest = {
  scope: { kind: 'collection', name: 'Harbour story' },
  format: 'json',
  transcripts: false,
  manifest: false,
};

let lib: ExportLibrary;
let outDir: string;
beforeEach(() => {
  lib = createExportLibrary();
  outDir = join(lib.dir, 'out');
  mkdirSync(outDir);
});
afterEach(() => lib.dispose());

// The fixture opened its library with openDatabase, so it is a ReadableDB (its type just says Database).
const context = () => ({ db: lib.db as ReadableDB, clock: { now: () => EXPORTED_AT }, appVersion: '9.8.7-test' });

describe('exportToFile', () => {
  it('writes the export to the path named, stamped with the core’s clock and version', async () => {
    const outPath = join(outDir, 'harbour.json');
    const result = await exportToFile(context(), request, outPath);
    expect(result.baseDir).toBe(outDir);
    expect(result.files.map((file) => file.path)).toEqual(['harbour.json']);
    expect(result.items).toBeGreaterThan(0);
    const written = JSON.parse(readFileSync(outPath, 'utf8')) as { export: Record<string, unknown>; items: { id: number }[] };
    expect(written.export).toMatchObject({ app: 'Gleaner', version: '9.8.7-test', exported_at: '2026-04-05T06:07:08.000Z' });
    expect(written.items).toHaveLength(result.items);
  });

  it('writes a manifest beside the export when asked', async () => {
    const result = await exportToFile(context(), { ...request, manifest: true }, join(outDir, 'harbour.json'));
    expect(result.files[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(join(outDir, 'manifest.sha256'), 'utf8')).toContain(`${result.files[0]!.sha256}  harbour.json`);
  });

  it('stops when the signal is aborted, leaving nothing under the name', async () => {
    const outPath = join(outDir, 'harbour.json');
    const controller = new AbortController();
    controller.abort();
    await expect(exportToFile(context(), request, outPath, controller.signal)).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(existsSync(outPath)).toBe(false);
    expect(readdirSync(outDir)).toEqual([]);
  });
});
