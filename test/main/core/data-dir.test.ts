import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDataDir, resolveDataDir } from '../../../src/main/core/data-dir';

describe('data folder', () => {
  it('matches Electron’s userData folder on each platform', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/ana' })).toBe('/home/ana/.config/Gleaner');
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/cfg' }, home: '/home/ana' })).toBe('/cfg/Gleaner');
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/ana' })).toBe('/Users/ana/Library/Application Support/Gleaner');
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, home: 'C:\\Users\\ana' })).toContain(
      'Gleaner',
    );
  });

  it('prefers --data-dir, then GLEANER_DATA_DIR', () => {
    expect(resolveDataDir('/flag', { GLEANER_DATA_DIR: '/env' })).toBe('/flag');
    expect(resolveDataDir(undefined, { GLEANER_DATA_DIR: '/env' })).toBe('/env');
    expect(resolveDataDir('  ', { GLEANER_DATA_DIR: '/env' })).toBe('/env');
  });

  describe('a path that cannot be a folder', () => {
    let root: string;
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'gleaner-data-dir-'));
      writeFileSync(join(root, 'notes.txt'), 'not a library');
      mkdirSync(join(root, 'library'));
    });
    afterEach(() => rmSync(root, { recursive: true, force: true }));

    it('is refused as invalid input, naming the file and the setting to change', () => {
      const file = join(root, 'notes.txt');
      expect(() => resolveDataDir(file, {})).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', message: `${file} is a file, not a folder; give --data-dir a folder.` }),
      );
      expect(() => resolveDataDir(undefined, { GLEANER_DATA_DIR: file })).toThrow(
        expect.objectContaining({ code: 'INVALID_INPUT', message: `${file} is a file, not a folder; set GLEANER_DATA_DIR to a folder.` }),
      );
      const inside = join(file, 'gleaner');
      expect(() => resolveDataDir(inside, {})).toThrow(
        expect.objectContaining({
          code: 'INVALID_INPUT',
          message: `${file} is a file, not a folder, so the data folder ${inside} cannot be made inside it; give --data-dir a folder.`,
        }),
      );
    });

    it('accepts a folder that exists, and one still to be made', () => {
      expect(resolveDataDir(join(root, 'library'), {})).toBe(join(root, 'library'));
      expect(resolveDataDir(join(root, 'new', 'deeper'), {})).toBe(join(root, 'new', 'deeper'));
    });
  });
});
