import { describe, expect, it } from 'vitest';
import { untimedParagraphs } from '../../../../src/renderer/src/views/item-detail/untimed-paragraphs';

describe('an untimed transcript as paragraphs', () => {
  it('keeps its own lines as paragraphs and drops blank ones', () => {
    expect(untimedParagraphs('First line.\r\n\n  Second line.  \nThird.')).toEqual(['First line.', 'Second line.', 'Third.']);
    expect(untimedParagraphs('  \n')).toEqual([]);
  });

  it('cuts one long line after whole sentences, in any script, never mid-sentence', () => {
    const sentences = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} says something about the harbour.`);
    const paragraphs = untimedParagraphs(sentences.join(' '));
    expect(paragraphs.length).toBeGreaterThan(3);
    expect(paragraphs.join(' ')).toBe(sentences.join(' '));
    for (const paragraph of paragraphs) expect(paragraph).toMatch(/^Sentence number \d+ .*harbour\.$/);
    const arabic = Array.from({ length: 20 }, () => 'بصراحة لم أتوقع هذا الازدحام يوم الثلاثاء؟').join(' ');
    expect(untimedParagraphs(arabic).length).toBeGreaterThan(1);
    expect(untimedParagraphs(arabic).every((p) => p.endsWith('؟'))).toBe(true);
  });
});
