import { describe, expect, it } from 'vitest';
import { cutAtWord, describeItem, itemLabel, LABEL_TEXT_MAX } from '../../src/shared/item-label';
import { formatHandle, platformDetail, platformLabel } from '../../src/shared/platforms';

const reel = { platform: 'photoshare', kind: 'reel', title: null, text: null, authorName: 'Liam Brooks', authorHandle: 'liam' };

describe('an item’s label', () => {
  it('is its title, on one line', () => {
    expect(describeItem({ ...reel, title: ' Flood\nwarning ' })).toEqual({ label: 'Flood warning', source: 'title' });
  });

  it('is else the start of its text, cut at a word boundary with an ellipsis', () => {
    const text = 'The river rose overnight and the council closed the harbour road before dawn, residents said on Tuesday.';
    const { label, source } = describeItem({ ...reel, text });
    expect(source).toBe('text');
    expect(label).toBe('The river rose overnight and the council closed the harbour road before dawn…');
    expect(label.length).toBeLessThanOrEqual(LABEL_TEXT_MAX);
  });

  it('is else a description: the kind and the author in the platform’s handle form', () => {
    expect(itemLabel(reel)).toBe('Untitled reel by @liam');
    expect(itemLabel({ ...reel, platform: 'forum', kind: 'post', authorHandle: 'tidewatcher' })).toBe('Untitled post by u/tidewatcher');
    expect(itemLabel({ ...reel, authorHandle: null })).toBe('Untitled reel by Liam Brooks');
    expect(itemLabel({ ...reel, authorHandle: null, authorName: null, text: '  \n ' })).toBe('Untitled reel');
  });

  it('never ends in half a surrogate pair, and cuts text without spaces where it must', () => {
    const emoji = `${'a'.repeat(LABEL_TEXT_MAX - 2)}😀😀`;
    const label = itemLabel({ ...reel, text: emoji });
    expect(label.endsWith('…')).toBe(true);
    expect(label.slice(0, -1)).not.toMatch(/[\uD800-\uDBFF]$/);
    expect(cutAtWord('x'.repeat(200), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('shortens a long title where a screen asks, and keeps it whole otherwise', () => {
    const title = 'word '.repeat(100).trim();
    expect(itemLabel({ ...reel, title })).toBe(title);
    expect(itemLabel({ ...reel, title }, { maxTitle: 22 })).toBe('word word word word…');
  });
});

describe('platforms by the names their users know', () => {
  it('names each platform after the site its links point to, with the service’s segment as a detail', () => {
    expect(platformLabel('videosite')).toBe('YouTube');
    expect(platformLabel('shortvideo')).toBe('TikTok');
    expect(platformLabel('forum')).toBe('Reddit');
    expect(platformDetail('tweetsite')).toBe('X (tweetsite)');
  });

  it('writes a handle in one form per platform', () => {
    expect(formatHandle('videosite', '@harbournews')).toBe('@harbournews');
    expect(formatHandle('tweetsite', 'ana')).toBe('@ana');
    expect(formatHandle('forum', 'u/tidewatcher')).toBe('u/tidewatcher');
    expect(formatHandle('forum', '/u/tidewatcher')).toBe('u/tidewatcher');
    expect(formatHandle('professional', 'jane-doe-1')).toBe('jane-doe-1');
    expect(formatHandle('videosite', '  ')).toBeNull();
  });
});
