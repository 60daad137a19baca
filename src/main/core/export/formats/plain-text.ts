/**
 * Plain text, one file per transcript: a short citation header, then one line per segment
 * with its `h:mm:ss` time, or the whole text of an untimed transcript. Platform text is written
 * for readers (format-characters.ts): no control can reorder a line.
 */
import { formatClock } from '../../../../shared/export';
import { languageLabel } from '../../../../shared/language';
import { asShownWhenFetched, citedAuthor, citedTitle } from '../../../../shared/citation';
import { platformLabel } from '../../../../shared/platforms';
import { forReaders, readerField } from '../../../../shared/format-characters';
import { cleanText, oneLine } from '../../../../shared/text';
import type { FormatModule, TranscriptWriter } from './types';
import { approximatelySuffix, exactPublishedAt } from '../../../../shared/published';
import { demoLines } from '../../../../shared/demo';

/** A field of platform text in a header line or after a segment's time. */
const field = (text: string): string => readerField(oneLine(text));

function writer(): TranscriptWriter {
  // One item's transcripts may share a file; a blank line keeps one's last line off the next one's header.
  let transcriptsInFile = 0;
  return {
    begin() {
      transcriptsInFile = 0;
      return '';
    },
    startItem: () => '',
    startTranscript(transcript, item) {
      transcriptsInFile += 1;
      const c = item.citation;
      const lines = [
        field(citedTitle(item)),
        ...demoLines(item),
        `Source: ${c.url ?? 'no web address on record'}`,
        `Platform: ${platformLabel(c.platform)} (${c.platform})`,
        ...(citedAuthor(item) ? [`Author: ${field(citedAuthor(item)!)}`] : []),
        `Published: ${exactPublishedAt(c) ?? (item.publishedText ? `${field(item.publishedText)}${asShownWhenFetched(c.fetchedAt)}${approximatelySuffix(c)}` : 'unknown')}`,
        `Item fetched: ${c.fetchedAt} by ${c.operation}, request id ${field(c.requestId)}`,
        `Transcript fetched: ${transcript.fetchedAt} by ${transcript.operation}, request id ${field(transcript.requestId)}`,
        ...(transcript.language ? [`Language: ${field(languageLabel(transcript.language))}`] : []),
        '',
        '',
      ];
      const body = transcript.timed || !transcript.fullText ? '' : `${cleanText(forReaders(transcript.fullText)).trim()}\n`;
      return (transcriptsInFile > 1 ? '\n' : '') + lines.join('\n') + body;
    },
    segment: (segment) => `[${formatClock(segment.startMs)}] ${field(segment.text)}\n`,
    endTranscript: () => '',
    endItem: () => '',
    end: () => '',
  };
}

export const plainTextFormat: FormatModule = {
  format: 'txt',
  extension: 'txt',
  mediaType: 'text/plain; charset=utf-8',
  byteOrderMark: false,
  transcripts: writer,
};
