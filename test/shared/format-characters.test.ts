/**
 * The one rule for invisible format characters: overrides shown as marks, right-to-left fields
 * isolated, padding dropped for readers and ignored by matching (labels, handles, links,
 * parameters), joiners and direction marks kept.
 */
import { describe, expect, it } from 'vitest';
import { recogniseUrl } from '../../src/main/core/platforms/recognise-url';
import { getOperation } from '../../src/shared/catalogue';
import { forMatching, forReaders, readerField, showBidiControls } from '../../src/shared/format-characters';
import { itemLabel } from '../../src/shared/item-label';
import { checkParams } from '../../src/shared/params';
import { formatHandle } from '../../src/shared/platforms';
import { parseSearchQuery } from '../../src/shared/search-query';

describe('format characters', () => {
  it('shows each embedding, override and isolate as a mark', () => {
    expect(showBidiControls('a\u202Ab\u202Bc\u202Cd\u202De\u202Ef\u2066g\u2067h\u2068i\u2069')).toBe(
      'a⟨LRE⟩b⟨RLE⟩c⟨PDF⟩d⟨LRO⟩e⟨RLO⟩f⟨LRI⟩g⟨RLI⟩h⟨FSI⟩i⟨PDI⟩',
    );
  });

  it('drops padding for readers but keeps the joiners emoji and Persian need, and the direction marks', () => {
    const family = '👩\u200D👩\u200D👧';
    const persian = 'می\u200Cخواهم';
    expect(forReaders(`\uFEFFzero\u200Bwidth\u2060 ${family} ${persian} \u200Fعربي`)).toBe(`zerowidth ${family} ${persian} \u200Fعربي`);
  });

  it('isolates a field with right-to-left text or a direction mark, and leaves others as they are', () => {
    expect(readerField('محمد')).toBe('\u2068محمد\u2069');
    expect(readerField('left\u200F')).toBe('\u2068left\u200F\u2069');
    expect(readerField('Port News')).toBe('Port News');
    expect(readerField('x\u202Ey')).toBe('x⟨RLO⟩y');
  });

  it('matching ignores padding and soft hyphens only', () => {
    expect(forMatching('fl\u200Bo\u00ADo\u2060d\uFEFF')).toBe('flood');
    expect(forMatching('a\u200Cb\u202E')).toBe('a\u200Cb\u202E');
  });
});

describe('zero-width padding does not break labels or matching', () => {
  it('a title of padding alone is no title, and a label shows an override as a mark', () => {
    expect(itemLabel({ platform: 'videosite', kind: 'video', title: '\u200B\u200B', text: null, authorHandle: '@liam' })).toBe(
      'Untitled video by @liam',
    );
    expect(itemLabel({ platform: 'videosite', kind: 'video', title: 'invoice\u202Egnp.exe' })).toBe('invoice⟨RLO⟩gnp.exe');
  });

  it('a handle with padding is the same handle', () => {
    expect(formatHandle('videosite', '@\u200Bliam\u200B')).toBe(formatHandle('videosite', '@liam'));
  });

  it('a link with padding inside is recognised as the same link', () => {
    const plain = recogniseUrl('https://www.youtube.com/watch?v=aaaaaaaaaa1');
    const padded = recogniseUrl('https://www.you\u200Btube.com/watch?v=aaaaa\u200Baaaaa1');
    expect(plain.ok).toBe(true);
    expect(padded).toEqual(plain);
  });

  it('a hashtag or handle typed with padding is sent without it', () => {
    const hashtag = checkParams(getOperation('shortvideo/search/hashtag'), { hashtag: 'flo\u200Bod' });
    expect(hashtag).toMatchObject({ ok: true, params: { hashtag: 'flood' } });
    const handle = checkParams(getOperation('videosite/channel/videos'), { handle: '\u200Bportnews' });
    expect(handle).toMatchObject({ ok: true, params: { handle: 'portnews' } });
  });

  it('a search query ignores the padding a pasted word carries', () => {
    const plain = parseSearchQuery('flood');
    const padded = parseSearchQuery('fl\u200Bood');
    expect(padded).toEqual(plain);
  });
});
