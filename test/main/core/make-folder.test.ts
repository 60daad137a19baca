import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeDataFolder, makeFolder } from '../../../src/main/core/make-folder';
import { openDatabase } from '../../../src/main/core/store/database';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('makeFolder', () => {
  it('makes a folder and its missing parents, and leaves one that exists', () => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-folder-'));
    const deep = join(dir, 'a', 'b', 'c');
    makeFolder(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => makeFolder(deep)).not.toThrow();
  });

  it('says why it cannot, in words, for a file in the way', () => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-folder-'));
    writeFileSync(join(dir, 'file'), 'x');
    expect(() => makeDataFolder(join(dir, 'file', 'library'))).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/cannot make its data folder .*a file stands where a folder is needed.*--data-dir/),
      }),
    );
  });

  // On Linux, Node's recursive mkdir spins forever here (mkdir answers ENOENT under /proc, which
  // exists); elsewhere a folder at the root is refused too.
  it('returns with a reason where the system allows no folder, as under /proc', () => {
    dir = mkdtempSync(join(tmpdir(), 'gleaner-folder-'));
    expect(() => openDatabase({ path: '/proc/gleaner-test/library/gleaner.sqlite3' })).toThrow(
      expect.objectContaining({
        code: 'INVALID_INPUT',
        message: expect.stringMatching(/^Gleaner cannot make its data folder \/proc\/gleaner-test\/library \(/),
      }),
    );
  });
});
