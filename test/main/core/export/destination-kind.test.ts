/**
 * What an export may be written over: nothing, a regular file (keeping its mode) or, for a folder
 * export, a folder. A pipe, a link or a device is refused, both before the export starts and at
 * the moment its file would be renamed into place.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkExportPlace, describeFileKind, exportFileRules } from '../../../../src/main/core/export/destination-kind';
import { openSafeFile } from '../../../../src/main/core/files/safe-file';

const openAtomicFile = (path: string, options: { hash: boolean; byteOrderMark: boolean }) =>
  openSafeFile(path, { ...options, rules: exportFileRules(null, 'file') });

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'gleaner-destination-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

const at = (name: string) => join(folder, name);

describe('describeFileKind', () => {
  it.skipIf(process.platform === 'win32')('names each kind a file system entry can be', () => {
    writeFileSync(at('file'), '');
    mkdirSync(at('folder'));
    symlinkSync(at('file'), at('link'));
    execFileSync('mkfifo', [at('pipe')]);
    const kinds = ['file', 'folder', 'link', 'pipe'].map((name) => describeFileKind(lstatSync(at(name))));
    expect(kinds).toEqual(['a regular file', 'a folder', 'a symbolic link', 'a named pipe (FIFO)']);
    if (process.platform === 'linux') expect(describeFileKind(lstatSync('/dev/null'))).toBe('a character device');
  });
});

describe.skipIf(process.platform === 'win32')('checkExportPlace', () => {
  it('lets nothing, a regular file and a folder through (a file/folder mismatch is for the caller to word)', async () => {
    writeFileSync(at('file'), '');
    mkdirSync(at('folder'));
    for (const role of ['file', 'folder'] as const)
      for (const name of ['missing', 'file', 'folder', 'file/below'])
        await expect(checkExportPlace(at(name), role, null)).resolves.toBeUndefined();
    await expect(checkExportPlace(at('file'), 'manifest', null)).resolves.toBeUndefined();
  });

  it('refuses a pipe, a link (even to a folder) and a device, naming each; a folder as the manifest too', async () => {
    execFileSync('mkfifo', [at('pipe')]);
    mkdirSync(at('folder'));
    symlinkSync(at('folder'), at('link'));
    const cases: [string, 'file' | 'folder' | 'manifest', RegExp][] = [
      [at('pipe'), 'file', /^.+pipe is a named pipe \(FIFO\); an export is written only to a new file or over a regular file\./],
      [at('link'), 'folder', /^.+link is a symbolic link; this format writes one file per transcript into a folder/],
      [at('folder'), 'manifest', /^.+folder is a folder; the manifest is written only as a new file or over a regular file\./],
    ];
    if (process.platform === 'linux') cases.push(['/dev/null', 'file', /^\/dev\/null is a character device; /]);
    for (const [path, role, message] of cases)
      await expect(checkExportPlace(path, role, null), path).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(message),
      });
  });
});

describe.skipIf(process.platform === 'win32')('openAtomicFile over what is already there', () => {
  it('gives the new file the mode of the regular file it replaces', async () => {
    writeFileSync(at('private.csv'), 'old');
    chmodSync(at('private.csv'), 0o640);
    const file = await openAtomicFile(at('private.csv'), { hash: false, byteOrderMark: false });
    await file.write('new');
    await file.commit();
    expect(readFileSync(at('private.csv'), 'utf8')).toBe('new');
    expect(statSync(at('private.csv')).mode & 0o777).toBe(0o640);
  });

  it.runIf(process.getuid?.() === 0)('run as root, gives the new file the owner of the file it replaces', async () => {
    writeFileSync(at('theirs.csv'), 'old');
    chownSync(at('theirs.csv'), 4321, 4322);
    const file = await openAtomicFile(at('theirs.csv'), { hash: false, byteOrderMark: false });
    await file.write('new');
    await file.commit();
    const { uid, gid } = statSync(at('theirs.csv'));
    expect([uid, gid, readFileSync(at('theirs.csv'), 'utf8')]).toEqual([4321, 4322, 'new']);
  });

  it('does not carry set-id bits over to the new content', async () => {
    writeFileSync(at('tool'), 'old');
    chmodSync(at('tool'), 0o4755);
    const file = await openAtomicFile(at('tool'), { hash: false, byteOrderMark: false });
    await file.write('new');
    await file.commit();
    expect(statSync(at('tool')).mode & 0o7777).toBe(0o755);
  });

  it('refuses to rename over a pipe or a link that appeared after it was opened, and leaves no temporary file', async () => {
    writeFileSync(at('target'), 'mine');
    for (const [name, make] of [
      ['pipe.csv', () => execFileSync('mkfifo', [at('pipe.csv')])],
      ['link.csv', () => symlinkSync(at('target'), at('link.csv'))],
    ] as const) {
      const file = await openAtomicFile(at(name), { hash: false, byteOrderMark: false });
      await file.write('export');
      make();
      await expect(file.commit()).rejects.toMatchObject({ code: 'INVALID_INPUT', message: expect.stringContaining(`${at(name)} is a `) });
      await file.abort();
    }
    expect(readdirSync(folder).sort()).toEqual(['link.csv', 'pipe.csv', 'target']);
    expect(lstatSync(at('pipe.csv')).isFIFO()).toBe(true);
    expect(lstatSync(at('link.csv')).isSymbolicLink()).toBe(true);
    expect(readFileSync(at('target'), 'utf8')).toBe('mine');
  });
});
