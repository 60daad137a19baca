/**
 * An untimed transcript (one text, no segments) as paragraphs a person can read and quote: its
 * own line breaks first; a long line (speech recognition often gives one line for minutes of
 * talk) is cut after whole sentences into paragraphs of a readable length.
 */
const PARAGRAPH_CHARS = 420;
/** After a sentence's end mark (Latin, Arabic, CJK, Devanagari) and the space that follows it. */
const SENTENCE_END = /(?<=[.!?…؟।。！？])\s+/u;

export function untimedParagraphs(fullText: string): string[] {
  const paragraphs: string[] = [];
  for (const line of fullText.split(/\r\n|\r|\n/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (trimmed.length <= PARAGRAPH_CHARS) {
      paragraphs.push(trimmed);
      continue;
    }
    let current = '';
    for (const sentence of trimmed.split(SENTENCE_END)) {
      if (current !== '' && current.length + 1 + sentence.length > PARAGRAPH_CHARS) {
        paragraphs.push(current);
        current = sentence;
      } else {
        current = current === '' ? sentence : `${current} ${sentence}`;
      }
    }
    if (current !== '') paragraphs.push(current);
  }
  return paragraphs;
}
