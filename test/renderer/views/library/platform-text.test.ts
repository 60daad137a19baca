/**
 * Platform text in the window: each piece isolated in a <bdi>, so an Arabic author cannot move
 * the date beside it at any width, and an override shown as a visible mark, never obeyed — in a
 * Library row's title, author and snippet, and in the item detail's header.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ItemRecord, SearchHit } from '../../../../src/shared/library';

vi.mock('../../../../src/renderer/src/transport', () => ({ bridge: { call: async () => ({}), subscribe: () => () => {} } }));

const { ResultRow } = await import('../../../../src/renderer/src/views/library/ResultRow');
const { ItemHeader } = await import('../../../../src/renderer/src/views/item-detail/ItemHeader');
const { PlatformText } = await import('../../../../src/renderer/src/components/PlatformText');

const hit: SearchHit = {
  id: 1,
  platform: 'videosite',
  kind: 'video',
  title: 'invoice\u202Egnp.exe \u200B',
  excerpt: null,
  snippet: 'the \uE000flood\uE001 \u202Ereached us',
  matchedIn: 'transcript',
  segmentStartMs: 5000,
  segmentLanguage: 'en',
  authorName: 'محمد\u202E العلي',
  authorHandle: null,
  publishedAt: '2024-08-13T10:00:00.000Z',
  publishedText: null,
  publishedApproximate: false,
  url: 'https://www.youtube.com/watch?v=abc',
  thumbnailUrl: null,
  views: null,
  likes: null,
  comments: null,
  hasTranscript: true,
  lastFetchedAt: '2024-08-14T10:00:00.000Z',
  demo: false,
};

const row = (showSnippet: boolean) =>
  renderToStaticMarkup(
    createElement(ResultRow, {
      index: 0,
      hit,
      setSize: 1,
      top: 0,
      height: 60,
      selected: false,
      active: false,
      showSnippet,
      onSelect: () => undefined,
      onOpen: () => undefined,
    }),
  );

describe('platform text in the window', () => {
  it('shows an override as a mark inside an isolate, never the character itself', () => {
    expect(renderToStaticMarkup(createElement(PlatformText, { text: 'a\u202Eb\u2066c' }))).toBe('<bdi>a⟨RLO⟩b⟨LRI⟩c</bdi>');
  });

  it('a Library row isolates its title, its Arabic author beside the date, and its snippet, with marks for the overrides', () => {
    const html = row(true);
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(html).toContain('<bdi>invoice⟨RLO⟩gnp.exe</bdi>');
    // The author is a <bdi> of its own, and the date comes after it, outside.
    expect(html).toMatch(/<bdi>محمد⟨RLO⟩ العلي<\/bdi><\/span><span>[^<]*2024[^<]*<\/span>/);
    expect(html).toMatch(/<bdi><span>the <\/span><mark>flood<\/mark><span> ⟨RLO⟩reached us<\/span><\/bdi>/);
  });

  it('the item detail’s header isolates the title and the author, with marks', () => {
    const item = { ...hit, text: null, nativeId: 'abc', authorId: null, authorUrl: 'https://www.youtube.com/@x' } as unknown as ItemRecord;
    const html = renderToStaticMarkup(createElement(ItemHeader, { item }));
    expect(html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(html).toContain('<bdi>invoice⟨RLO⟩gnp.exe</bdi>');
    expect(html).toContain('<bdi>محمد⟨RLO⟩ العلي</bdi>');
  });
});
