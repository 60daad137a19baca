/**
 * Export over the bridge: `export.start` runs in the background and reports `export.progress`;
 * in browser mode the finished file is a download behind the host's usual checks; in the desktop
 * shell the save dialog's answer decides where it goes; `export.cancel` stops it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExportProgress } from '../../../../src/shared/export';
import { exportDownloadPath } from '../../../../src/shared/export';
import { startBrowserHost, type BrowserHost } from '../../../../src/main/hosts/browser/server';
import { createTestCore, type TestCore } from '../../../helpers/core';
import { fakeResponse, item } from '../../../helpers/library';

const SECRET = 'test-secret-export-0123456789abcdefghij';

let testCore: TestCore;
let events: ExportProgress[];
let ids: number[];

function library(overrides: Parameters<typeof createTestCore>[0] = {}) {
  testCore = createTestCore(overrides);
  events = [];
  testCore.core.events.subscribe((event, payload) => {
    if (event === 'export.progress') events.push(payload as ExportProgress);
  });
  const data = {
    videos: [
      {
        type: 'video',
        id: 'aaaaaaaaaa1',
        url: 'https://www.youtube.com/watch?v=aaaaaaaaaa1',
        title: '=Harbour flooding',
        channel: { id: 'UC1', title: 'Port News' },
      },
      {
        type: 'video',
        id: 'bbbbbbbbbb2',
        url: 'https://www.youtube.com/watch?v=bbbbbbbbbb2',
        title: 'Dry summer',
        channel: { id: 'UC2', title: 'Iberia' },
      },
    ],
  };
  ids = testCore.core.context.ingest(fakeResponse('videosite/search', data, { params: { query: 'water' } })).itemIds;
  void item;
}

const call = (method: string, input: unknown) => testCore.core.dispatch(method, input);

async function finished(exportId: string): Promise<ExportProgress> {
  for (;;) {
    const last = events.filter((event) => event.exportId === exportId).at(-1);
    if (last && last.state !== 'running') return last;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

afterEach(async () => testCore.dispose());

describe('export.start in browser mode', () => {
  let host: BrowserHost;
  beforeEach(async () => {
    library();
    host = await startBrowserHost({
      dispatch: testCore.core.dispatch,
      events: testCore.core.events,
      exportDownloads: testCore.core.context.exports,
      rendererDir: join(__dirname, '../../../fixtures/renderer'),
      log: testCore.core.context.log,
      secret: SECRET,
    });
  });
  afterEach(async () => host.close());

  function get(path: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: host.port, path, headers: { host: `127.0.0.1:${host.port}`, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('stages the export, reports progress, and serves it only to an authorised same-origin request', async () => {
    const started = await call('export.start', { scope: { kind: 'items', ids }, format: 'csv', manifest: true });
    expect(started).toMatchObject({ ok: true, value: { delivery: 'download', exportId: expect.any(String) } });
    const exportId = (started as { ok: true; value: { exportId: string } }).value.exportId;
    const done = await finished(exportId);
    expect(events[0]).toMatchObject({ exportId, state: 'running', unit: 'items' });
    expect(done).toMatchObject({
      state: 'done',
      delivery: 'download',
      name: expect.stringMatching(/^gleaner-selection-\d{4}-\d{2}-\d{2}\.csv$/),
      summary: { items: 2 },
    });
    const file = done.summary!.files[0]!;
    expect(done.downloads).toEqual([file.path, 'manifest.sha256']);
    // Staged for up to a day in the data folder: in a folder only the user may enter.
    expect(statSync(join(testCore.dataDir, 'exports', exportId)).mode & 0o777).toBe(0o700);

    const download = await get(exportDownloadPath(exportId, file.path), { authorization: `Bearer ${SECRET}` });
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain(`attachment; filename="${file.path}"`);
    expect(download.body.startsWith('\uFEFFid,platform')).toBe(true);
    expect(download.body).toContain("'=Harbour flooding");
    const manifest = await get(exportDownloadPath(exportId, 'manifest.sha256'), { authorization: `Bearer ${SECRET}` });
    expect(manifest.body).toBe(`${file.sha256!}  ${file.path}\n`);

    expect((await get(exportDownloadPath(exportId, file.path))).status).toBe(401);
    expect(
      (await get(exportDownloadPath(exportId, file.path), { authorization: `Bearer ${SECRET}`, origin: 'http://evil.example' })).status,
    ).toBe(403);
    expect((await get(exportDownloadPath(exportId, '../gleaner.sqlite'), { authorization: `Bearer ${SECRET}` })).status).toBe(404);
    expect((await get(exportDownloadPath('not-an-export', file.path), { authorization: `Bearer ${SECRET}` })).status).toBe(404);
  });

  it('reports a missing collection as a failed export with a clear message', async () => {
    const started = (await call('export.start', { scope: { kind: 'collection', name: 'Nope' }, format: 'md' })) as {
      ok: true;
      value: { exportId: string };
    };
    expect(await finished(started.value.exportId)).toMatchObject({
      state: 'failed',
      error: { code: 'NOT_FOUND', message: 'There is no collection named "Nope".' },
    });
  });
});

describe('export.start in the desktop shell', () => {
  it('writes where the save dialog says, and does nothing when the dialog is dismissed', async () => {
    let answer: string | null = null;
    const asked: unknown[] = [];
    library({
      chooseExportDestination: async (suggestion) => {
        asked.push(suggestion);
        return answer;
      },
    });
    expect(await call('export.start', { scope: { kind: 'all' }, format: 'json' })).toEqual({
      ok: true,
      value: { exportId: null, delivery: 'saved' },
    });
    expect(asked).toEqual([{ defaultName: 'gleaner-library-2026-01-02.json', folder: false, extension: 'json' }]);

    answer = join(testCore.dataDir, 'chosen', 'story.json');
    mkdirSync(join(testCore.dataDir, 'chosen'));
    const started = (await call('export.start', { scope: { kind: 'all' }, format: 'json' })) as { ok: true; value: { exportId: string } };
    expect(await finished(started.value.exportId)).toMatchObject({ state: 'done', delivery: 'saved', name: 'story.json' });
    expect((JSON.parse(readFileSync(answer, 'utf8')) as { items: unknown[] }).items).toHaveLength(2);
  });

  it('fails with a clear message when the chosen folder is gone by the time the export starts', async () => {
    library({ chooseExportDestination: async () => join(testCore.dataDir, 'gone', 'story.csv') });
    const started = (await call('export.start', { scope: { kind: 'all' }, format: 'csv' })) as { ok: true; value: { exportId: string } };
    expect(await finished(started.value.exportId)).toMatchObject({
      state: 'failed',
      error: { code: 'INVALID_INPUT', message: expect.stringMatching(/^The folder .*gone does not exist; create it first/) },
    });
    expect(existsSync(join(testCore.dataDir, 'gone'))).toBe(false);
  });

  // The dialog asks before replacing a file, but a pipe or a device chosen there would be replaced by the rename.
  it.skipIf(process.platform === 'win32')('fails with a clear message when the chosen path is a named pipe, leaving it one', async () => {
    const target = { path: '' };
    library({ chooseExportDestination: async () => target.path });
    const pipe = (target.path = join(testCore.dataDir, 'chosen.csv'));
    execFileSync('mkfifo', [pipe]);
    const started = (await call('export.start', { scope: { kind: 'all' }, format: 'csv' })) as { ok: true; value: { exportId: string } };
    expect(await finished(started.value.exportId)).toMatchObject({
      state: 'failed',
      error: {
        code: 'INVALID_INPUT',
        message: `${pipe} is a named pipe (FIFO); an export is written only to a new file or over a regular file. Choose another place to save it.`,
      },
    });
    expect(lstatSync(pipe).isFIFO()).toBe(true);
  });

  it('cancels a running export and leaves nothing under the chosen name', async () => {
    const target = { path: '' };
    library({ chooseExportDestination: async () => target.path });
    target.path = join(testCore.dataDir, 'cancelled.csv');
    const started = (await call('export.start', { scope: { kind: 'all' }, format: 'csv' })) as { ok: true; value: { exportId: string } };
    expect(await call('export.cancel', { exportId: started.value.exportId })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await finished(started.value.exportId)).toMatchObject({ state: 'cancelled', error: { code: 'CANCELLED' } });
    expect(existsSync(target.path)).toBe(false);
    expect(await call('export.cancel', { exportId: started.value.exportId })).toEqual({ ok: true, value: { cancelled: false } });
  });
});

describe('export input validation', () => {
  beforeEach(() => library());
  it.each([
    [{ scope: { kind: 'all' }, format: 'ods' }, /format/],
    [{ scope: { kind: 'items', ids: [] }, format: 'csv' }, /ids/],
    [{ scope: { kind: 'everything' }, format: 'csv' }, /scope/],
    [{ scope: { kind: 'search', search: { query: 'x', limit: 5 } }, format: 'csv' }, /limit/],
    [{ scope: { kind: 'all' }, format: 'csv', path: '/etc/passwd' }, /path/],
  ])('rejects %j as INVALID_INPUT', async (input, message) => {
    const envelope = await call('export.start', input);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(!envelope.ok && envelope.error.message).toMatch(message);
    expect(events).toEqual([]);
  });

  it('rejects an export id that is not one', async () => {
    expect(await call('export.cancel', { exportId: '../x' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
