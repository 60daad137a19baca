/**
 * Plain text, one file per transcript: a short citation header, then one line per segment
 * with its `h:mm:ss` time, or the whole text of an untimed transcript.
 */
import { formatClock } from '../../../../shared/export';
import { languageLabel } from '../../../../shared/language';
import { asShownWhenFetched, citedAuthor, citedTitle } from '../../../../shared/citation';
import { platformLabel } from '../../../../shared/platforms';
import { cleanText, oneLine } from '../../../../shared/text';
import type { FormatModule, TranscriptWriter } from './types';
import { approximatelySuffix, exactPublishedAt } from '../../../../shared/published';
import { demoLines } from '../../../../shared/demo';

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
        oneLine(citedTitle(item)),
        ...demoLines(item),
        `Source: ${c.url ?? 'no web address on record'}`,
        `Platform: ${platformLabel(c.platform)} (${c.platform})`,
        ...(citedAuthor(item) ? [`Author: ${oneLine(citedAuthor(item)!)}`] : []),
        `Published: ${exactPublishedAt(c) ?? (item.publishedText ? `${oneLine(item.publishedText)}${asShownWhenFetched(c.fetchedAt)}${approximatelySuffix(c)}` : 'unknown')}`,
        `Item fetched: ${c.fetchedAt} by ${c.operation}, request id ${oneLine(c.requestId)}`,
        `Transcript fetched: ${transcript.fetchedAt} by ${transcript.operation}, request id ${oneLine(transcript.requestId)}`,
        ...(transcript.language ? [`Language: ${oneLine(languageLabel(transcript.language))}`] : []),
        '',
        '',
      ];
      const body = transcript.timed || !transcript.fullText ? '' : `${cleanText(transcript.fullText).trim()}\n`;
      return (transcriptsInFile > 1 ? '\n' : '') + lines.join('\n') + body;
    },
    segment: (segment) => `[${formatClock(segment.startMs)}] ${oneLine(segment.text)}\n`,
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
