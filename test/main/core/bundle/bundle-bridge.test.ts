/**
 * Export → Case bundle over the bridge: `bundle.create` runs as an export job, reports
 * `export.progress`, and in browser mode offers the zip as a download that verifies; on the
 * desktop it goes where the save dialog says. `bundle.key` gives the public half only.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { GleanerError } from '../../../../src/shared/errors';
import type { ExportProgress } from '../../../../src/shared/export';
import type { TestCore } from '../../../helpers/core';
import { createMemorySigningKeyStore, type SigningKeyStore } from '../../../../src/main/core/secrets/signing-key-store';
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

describe('bundle.create where no keychain can keep the library’s signing key (browser mode on a server)', () => {
  const noKeychain: SigningKeyStore = {
    location: 'the Secret Service',
    load: async () => {
      throw new GleanerError(
        'SECRET_STORE_UNAVAILABLE',
        'The case-bundle signing key cannot be kept in the OS keychain: no Secret Service answers.',
      );
    },
    save: async () => {
      throw new Error('a one-time key must never be saved');
    },
  };

  it('fails saying how to sign with a one-time key, then signs with one that is kept nowhere and verifies', async () => {
    start({ signingKeys: noKeychain });
    await fillCaseLibrary(testCore);
    const refused = await finished(
      (await testCore.core.client.call('bundle.create', { scope: { kind: 'collection', name: 'Case' } })).exportId!,
    );
    expect(refused.error).toMatchObject({ code: 'SECRET_STORE_UNAVAILABLE', message: expect.stringContaining('one-time key') });

    const started = await testCore.core.client.call('bundle.create', { scope: { kind: 'collection', name: 'Case' }, oneTimeKey: true });
    const done = await finished(started.exportId!);
    expect(done.state).toBe('done');
    const file = testCore.core.context.exports.download(started.exportId!, done.downloads[0]!)!;
    const report = await testCore.core.bundles.verify(file.path);
    expect(report).toMatchObject({ ok: true, oneTimeKey: true });
    const readme = Buffer.from(unzipSync(readFileSync(file.path))['README.txt']!).toString('utf8');
    expect(readme).toContain('signed with a one-time key');
    expect(readme).toContain(report.fingerprint!);

    // A second bundle gets a key of its own: nothing was kept from the first.
    const again = await finished(
      (await testCore.core.client.call('bundle.create', { scope: { kind: 'all' }, oneTimeKey: true })).exportId!,
    );
    const second = await testCore.core.bundles.verify(testCore.core.context.exports.download(again.exportId, again.downloads[0]!)!.path);
    expect(second.ok).toBe(true);
    expect(second.fingerprint).not.toBe(report.fingerprint);
  });

  it('never says one-time in a bundle signed with the library’s key', async () => {
    start();
    await fillCaseLibrary(testCore);
    const done = await finished((await testCore.core.client.call('bundle.create', { scope: { kind: 'all' } })).exportId!);
    const readme = Buffer.from(
      unzipSync(readFileSync(testCore.core.context.exports.download(done.exportId, done.downloads[0]!)!.path))['README.txt']!,
    ).toString('utf8');
    expect(readme).not.toContain('one-time');
  });
});
