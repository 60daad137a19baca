/**
 * SRT and WebVTT, one file per transcript: numbered cues with `-->` timings that never go
 * backwards. A stored segment without an end ends where the next one starts (the last one
 * after a few seconds): a cue needs an end, though Gleaner never stores a guessed one. An end
 * that is not after the start (0, or a platform's slip) counts as no end: kept, it would make a
 * cue too short for any player to show.
 * Untimed transcripts have no subtitle form and are reported as skipped.
 */
import { languageLabel } from '../../../../shared/language';
import type { ExportItem, ExportSegment, ExportTranscript } from '../../store/export-records';
import { asShownWhenFetched, citedAuthor, citedTitle } from '../../../../shared/citation';
import { platformLabel } from '../../../../shared/platforms';
import { forReaders, readerField } from '../../../../shared/format-characters';
import { cleanText, oneLine } from '../../../../shared/text';
import { subtitleTime } from '../text';
import type { FormatModule, TranscriptWriter } from './types';
import { approximatelySuffix, exactPublishedAt } from '../../../../shared/published';
import { demoLines } from '../../../../shared/demo';

const LAST_CUE_MS = 3000;

/** A field of platform text in a NOTE line, isolated so it cannot reorder the line. */
const field = (text: string): string => readerField(oneLine(text));

interface Cue {
  startMs: number;
  endMs: number | null;
  text: string;
}

/**
 * Cue text: no blank lines (they end a cue) and no `-->` (it reads as a timing line). A cue is a
 * paragraph of its own, so its text is only written for readers, not isolated.
 */
const cueLines = (text: string): string =>
  cleanText(forReaders(text))
    .split('\n')
    .map((line) => line.trim().replace(/-->/g, '→'))
    .filter((line) => line !== '')
    .join('\n') || '…';

/** WebVTT cue text is markup: & and < must be escaped (and > for symmetry). */
const escapeVtt = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The first of these times that is after the start: the stored end, the next cue's start, or a few seconds on. */
const cueEnd = (start: number, storedEnd: number | null, nextStart: number | null): number =>
  [storedEnd, nextStart].find((end): end is number => end !== null && end > start) ?? start + LAST_CUE_MS;

function cueWriter(
  render: (number: number, startMs: number, endMs: number, text: string) => string,
  fileHeader: string,
  header: (transcript: ExportTranscript, item: ExportItem) => string,
): TranscriptWriter {
  let pending: Cue | null = null;
  let number = 0;
  let lastStart = 0;
  const emit = (nextStart: number | null): string => {
    if (!pending) return '';
    const start = Math.max(pending.startMs, lastStart);
    const end = cueEnd(start, pending.endMs, nextStart);
    number += 1;
    lastStart = start;
    const text = render(number, start, end, pending.text);
    pending = null;
    return text;
  };
  return {
    // Every file starts with the format's own header, whatever follows (WebVTT requires one).
    begin: () => fileHeader,
    startItem: () => '',
    startTranscript(transcript, item) {
      pending = null;
      number = 0;
      lastStart = 0;
      return header(transcript, item);
    },
    segment(segment: ExportSegment) {
      const text = emit(segment.startMs);
      pending = { startMs: segment.startMs, endMs: segment.endMs, text: segment.text };
      return text;
    },
    endTranscript: () => emit(null),
    endItem: () => '',
    end: () => '',
    refuses: (transcript) => (transcript.timed ? null : 'it has no timed segments, so it has no subtitle form'),
  };
}

export const srtFormat: FormatModule = {
  format: 'srt',
  extension: 'srt',
  mediaType: 'application/x-subrip; charset=utf-8',
  byteOrderMark: false,
  demoInFileName: true,
  // SRT has no comments, so its citation lives in the other formats and the manifest's file names,
  // and a file of demo data says so in its name (run-export.ts).
  transcripts: () =>
    cueWriter(
      (n, start, end, text) =>
        `${n}\r\n${subtitleTime(start, ',')} --> ${subtitleTime(end, ',')}\r\n${cueLines(text).replace(/\n/g, '\r\n')}\r\n\r\n`,
      '',
      () => '',
    ),
};

export const vttFormat: FormatModule = {
  format: 'vtt',
  extension: 'vtt',
  mediaType: 'text/vtt; charset=utf-8',
  byteOrderMark: false,
  transcripts: () =>
    cueWriter(
      (n, start, end, text) => `${n}\n${subtitleTime(start, '.')} --> ${subtitleTime(end, '.')}\n${escapeVtt(cueLines(text))}\n\n`,
      'WEBVTT\n\n',
      (transcript, item) => {
        const c = item.citation;
        // A NOTE block carries the citation; it may not contain `-->` or blank lines.
        const note = [
          ...demoLines(item),
          `Source: ${c.url ?? 'no web address on record'}`,
          `Title: ${field(citedTitle(item))}`,
          `Platform: ${platformLabel(c.platform)} (${c.platform})`,
          `Author: ${field(citedAuthor(item) ?? '')}`,
          `Published: ${exactPublishedAt(c) ?? (item.publishedText ? `${field(item.publishedText)}${asShownWhenFetched(c.fetchedAt)}${approximatelySuffix(c)}` : '')}`,
          `Transcript fetched: ${transcript.fetchedAt} by ${transcript.operation}, request id ${field(transcript.requestId)}`,
          ...(transcript.language ? [`Language: ${field(languageLabel(transcript.language))}`] : []),
        ]
          .map((line) => oneLine(line).replace(/-->/g, '→'))
          .join('\n');
        return `NOTE\n${note}\n\n`;
      },
    ),
};
