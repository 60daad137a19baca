import { describe, expect, it } from 'vitest';
import { MAX_DIFF_CELLS, hasWordChanges, sideOf, wordDiff, wordTokens } from '../../src/renderer/src/lib/word-diff';

const join = (parts: { text: string }[]) => parts.map((p) => p.text).join('');

describe('the word diff of an edit', () => {
  it('keeps words and spaces so the tokens join back into the text', () => {
    expect(wordTokens('  Flood  in\nMarch ')).toEqual(['  ', 'Flood', '  ', 'in', '\n', 'March', ' ']);
    expect(wordTokens('')).toEqual([]);
  });

  it('marks only the words that changed, the removed one before its replacement', () => {
    expect(wordDiff('The flood came in March', 'The flood came in April')).toEqual([
      { kind: 'same', text: 'The flood came in ' },
      { kind: 'removed', text: 'March' },
      { kind: 'added', text: 'April' },
    ]);
    expect(wordDiff('a b c', 'a x b c')).toEqual([
      { kind: 'same', text: 'a ' },
      { kind: 'added', text: 'x ' },
      { kind: 'same', text: 'b c' },
    ]);
  });

  it('gives back each side whole', () => {
    const before = 'Police say two people were hurt near the bridge';
    const after = 'Police now say three people were hurt near the old bridge today';
    const parts = wordDiff(before, after);
    expect(join(sideOf(parts, 'before'))).toBe(before);
    expect(join(sideOf(parts, 'after'))).toBe(after);
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toEqual(['two']);
    expect(hasWordChanges(parts)).toBe(true);
  });

  it('handles empty sides and unchanged text', () => {
    expect(wordDiff('', 'new text')).toEqual([{ kind: 'added', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ kind: 'removed', text: 'old text' }]);
    expect(wordDiff('same', 'same')).toEqual([{ kind: 'same', text: 'same' }]);
    expect(hasWordChanges(wordDiff('a  b', 'a b'))).toBe(false);
  });

  it('marks a rewrite too long to compare word by word as one removal and one addition', () => {
    const words = Math.ceil(Math.sqrt(MAX_DIFF_CELLS));
    const before = Array.from({ length: words }, (_, i) => `a${i}`).join(' ');
    const after = Array.from({ length: words }, (_, i) => `b${i}`).join(' ');
    const parts = wordDiff(`start ${before} end`, `start ${after} end`);
    expect(parts.map((p) => p.kind)).toEqual(['same', 'removed', 'added', 'same']);
    expect(join(sideOf(parts, 'after'))).toBe(`start ${after} end`);
  });
});
