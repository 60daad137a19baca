import { describe, expect, it } from 'vitest';
import { contentTypeFor, resolveStaticPath } from '../../../src/main/hosts/static-files';

describe('resolveStaticPath', () => {
  const root = '/srv/renderer';
  it.each([
    ['/', '/srv/renderer/index.html'],
    ['/library', '/srv/renderer/index.html'],
    ['/assets/index-abc.js', '/srv/renderer/assets/index-abc.js'],
    ['/assets/index-abc.js?v=2', '/srv/renderer/assets/index-abc.js'],
    ['/../package.json', null],
    ['/..%2f..%2fetc/passwd.txt', null],
    ['/assets/%2e%2e/%2e%2e/x.js', null],
    ['/%00.js', null],
    ['/%E0%A4%A.js', null],
  ])('%s → %s', (urlPath, expected) => {
    expect(resolveStaticPath(root, urlPath)).toBe(expected);
  });

  it('knows the types it serves', () => {
    expect(contentTypeFor('a.js')).toMatch(/javascript/);
    expect(contentTypeFor('a.html')).toMatch(/text\/html/);
    expect(contentTypeFor('a.unknown')).toBe('application/octet-stream');
  });
});
