import { describe, expect, it } from 'vitest';
import { defaultDataDir, resolveDataDir } from '../../../src/main/core/data-dir';

describe('data folder', () => {
  it('matches Electron’s userData folder on each platform', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/ana' })).toBe('/home/ana/.config/Gleaner');
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/cfg' }, home: '/home/ana' })).toBe('/cfg/Gleaner');
    expect(defaultDataDir({ platform: 'darwin', env: {}, home: '/Users/ana' })).toBe('/Users/ana/Library/Application Support/Gleaner');
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, home: 'C:\\Users\\ana' })).toContain('Gleaner');
  });

  it('prefers --data-dir, then GLEANER_DATA_DIR', () => {
    expect(resolveDataDir('/flag', { GLEANER_DATA_DIR: '/env' })).toBe('/flag');
    expect(resolveDataDir(undefined, { GLEANER_DATA_DIR: '/env' })).toBe('/env');
    expect(resolveDataDir('  ', { GLEANER_DATA_DIR: '/env' })).toBe('/env');
  });
});
