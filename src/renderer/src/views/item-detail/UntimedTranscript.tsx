import { quoteUntimedPassage } from '../../../../shared/citation';
import type { CitationStyle } from '../../../../shared/citation-styles';
import type { Citation, ItemRecord, TranscriptRecord } from '../../../../shared/library';
import { Highlighted } from '../../components/Highlighted';
import { containsText, highlightText } from '../../lib/snippet';
import { untimedParagraphs } from './untimed-paragraphs';
import { showBidiControls } from '../../../../shared/format-characters';

/**
 * A transcript the service gave as one text, without timings: its paragraphs, the words searched
 * for marked, each quotable with its source (there is no moment to give).
 */
export function UntimedTranscript({
  item,
  citation,
  transcript,
  needle,
  copy,
  citationStyle,
}: {
  item: ItemRecord;
  citation: Citation;
  transcript: TranscriptRecord;
  needle: string;
  copy: (text: string, what: string) => Promise<void>;
  citationStyle: CitationStyle;
}) {
  const paragraphs = untimedParagraphs(transcript.fullText ?? '');
  if (paragraphs.length === 0) return <p className="muted">The transcript is empty.</p>;
  const numbered = paragraphs.map((text, index) => ({ text, number: index + 1 }));
  const shown = needle ? numbered.filter((paragraph) => containsText(paragraph.text, needle)) : numbered;
  if (shown.length === 0) return <p className="muted">“{needle}” does not occur in this transcript.</p>;
  return (
    <>
      <p className="muted transcript-meta">The service gave this transcript without timings.</p>
      <ol className="transcript-paragraphs" data-testid="transcript-paragraphs">
        {shown.map(({ text, number }) => (
          <li key={number}>
            <p className="item-text" dir="auto">
              {needle ? <Highlighted parts={highlightText(text, needle)} /> : showBidiControls(text)}
            </p>
            <button
              type="button"
              className="segment-quote"
              aria-label={`Copy a quote of paragraph ${number} with its source`}
              title="Copy these words with their source"
              onClick={() =>
                void copy(quoteUntimedPassage(item, citation, transcript, text, citationStyle), `Quote of paragraph ${number}`)
              }
            >
              Copy quote
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}
