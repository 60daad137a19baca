/**
 * Export → Case bundle over the bridge: `bundle.create` runs as an export job, reports
 * `export.progress`, and in browser mode offers the zip as a download that verifies; on the
 * desktop it goes where the save dialog says. `bundle.key` gives the public half only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../../../src/shared/export';
import type { TestCore } from '../../../helpers/core';
import { createMemorySigningKeyStore } from '../../../../src/main/core/secrets/signing-key-store';
import { createTestCore } from '../../../helpers/core';
import { fillCaseLibrary } from './bundle-fixture';

let testCore: TestCore;
const events: ExportProgress[] = [];
afterEach(() => testCore.dispose());

function start(overrides: Parameters<typeof createTestCore>[0] = {}) {
  testCore = createTestCore({ fetch: globalThis.fetch.bind(globalThis), signingKeys: createMemorySigningKeyStore(), ...overrides });
  testCore.core.events.subscribe((event, payload) => {
    if (event === 'export.progress') events.push(payload as ExportProgress);
  });
}

async function finished(exportId: string): Promise<ExportProgress> {
  for (;;) {
    const last = events.filter((event) => event.exportId === exportId).at(-1);
    if (last && last.state !== 'running') return last;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('bundle.create', () => {
  it('stages a case bundle for download in browser mode, and the download verifies', async () => {
    start();
    await fillCaseLibrary(testCore);
    const started = await testCore.core.client.call('bundle.create', { scope: { kind: 'collection', name: 'Case' } });
    expect(started.delivery).toBe('download');
    const done = await finished(started.exportId!);
    expect(done).toMatchObject({
      state: 'done',
      name: 'gleaner-case-case-2026-01-02.zip',
      downloads: ['gleaner-case-case-2026-01-02.zip'],
    });
    const file = testCore.core.context.exports.download(started.exportId!, done.downloads[0]!);
    expect(file?.mediaType).toBe('application/zip');
    const report = await testCore.core.bundles.verify(file!.path);
    expect(report.ok).toBe(true);
    expect(report.fingerprint).toBe((await testCore.core.client.call('bundle.key', {})).fingerprint);
  });

  it('saves where the desktop’s save dialog says, and a dismissed dialog writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-bundle-save-'));
    const chosen: (string | null)[] = [join(dir, 'chosen.zip'), null];
    const asked: { defaultName: string; extension: string }[] = [];
    start({
      chooseExportDestination: async (suggestion) => {
        asked.push(suggestion);
        return chosen.shift() ?? null;
      },
    });
    try {
      await fillCaseLibrary(testCore);
      const started = await testCore.core.client.call('bundle.create', { scope: { kind: 'all' } });
      expect(started.delivery).toBe('saved');
      expect(await finished(started.exportId!)).toMatchObject({ state: 'done', name: 'chosen.zip' });
      expect(asked[0]).toMatchObject({ defaultName: 'gleaner-library-case-2026-01-02.zip', extension: 'zip' });
      expect((await testCore.core.bundles.verify(join(dir, 'chosen.zip'))).ok).toBe(true);
      expect(await testCore.core.client.call('bundle.create', { scope: { kind: 'all' } })).toEqual({ exportId: null, delivery: 'saved' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a timestamp when no authority is set, saying how to set one', async () => {
    start();
    const started = await testCore.core.client.call('bundle.create', { scope: { kind: 'all' }, timestamp: true });
    const done = await finished(started.exportId!);
    expect(done.state).toBe('failed');
    expect(done.error).toMatchObject({ code: 'INVALID_INPUT', message: expect.stringMatching(/bundle\.tsa-url/) });
  });
});
