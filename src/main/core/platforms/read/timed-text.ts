/** WebVTT and SRT text read into transcript segments (the forms are described in transcripts.ts). */
import type { TranscriptSegment } from '../../../../shared/model';
import { clockToMs } from './time';

const TIMING_LINE = /^\s*((?:\d{1,6}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?)\s*-->\s*((?:\d{1,6}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?)(?:\s.*)?$/;
const CUE_TAG = /<\/?(?:c|i|b|u|v|lang|ruby|rt)(?:[.\s][^<>]*)?>/gi;
const TIMESTAMP_TAG = /<(?:\d{1,6}:)?\d{1,2}:\d{1,2}[.,]\d{1,3}>/g;
const NAMED_REFERENCES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
};

function decodeReferences(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_REFERENCES[body.toLowerCase()] ?? whole;
  });
}

function cueText(lines: readonly string[]): string {
  return decodeReferences(lines.join('\n').replace(TIMESTAMP_TAG, '').replace(CUE_TAG, ''));
}

/** True when the text is WebVTT (header) or has at least one SRT/VTT timing line. */
export function looksTimed(value: string): boolean {
  const body = value.replace(/^\ufeff/, '');
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(body)) return true;
  return body.split(/\r\n|\r|\n/).some((line) => TIMING_LINE.test(line));
}

/** Parses WebVTT or SRT cues; null when the text has no timing line at all. */
export function parseTimedText(value: string): TranscriptSegment[] | null {
  const lines = value.replace(/^\ufeff/, '').split(/\r\n|\r|\n/);
  const blocks: string[][] = [];
  let current: string[] = [];
  for (const line of lines) {
    if (line.trim() === '') {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) blocks.push(current);

  const segments: TranscriptSegment[] = [];
  let sawTiming = false;
  for (const block of blocks) {
    const first = block[0] ?? '';
    if (/^(?:WEBVTT|NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    const timingIndex = block.findIndex((line) => TIMING_LINE.test(line));
    if (timingIndex < 0) continue;
    sawTiming = true;
    const match = (block[timingIndex] ?? '').match(TIMING_LINE);
    const start = clockToMs(match?.[1]);
    const end = clockToMs(match?.[2]);
    if (start === null) continue;
    const cue = cueText(block.slice(timingIndex + 1));
    if (cue.trim() === '') continue;
    segments.push({ startMs: start, endMs: end !== null && end >= start ? end : null, text: cue });
  }
  return sawTiming ? sortSegments(segments) : null;
}

export function sortSegments(segments: TranscriptSegment[]): TranscriptSegment[] {
  // Array.prototype.sort is stable, so cues starting together keep their order.
  return segments.sort((a, b) => a.startMs - b.startMs);
}
