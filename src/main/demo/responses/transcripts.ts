/** Timed transcripts, in the spec's element shape and as WebVTT text. */
import { createRandom } from '../random';
import { sampleSentence, type SampleLanguage, SAMPLE_LANGUAGES } from '../sample-text';
import { startTimeText, vttTime } from '../time-format';

export interface Segment {
  startMs: number;
  endMs: number;
  text: string;
}

/** More segments than this are stretched to fit the duration, so long videos stay small. */
const MAX_SEGMENTS = 160;

export const isSampleLanguage = (code: string): code is SampleLanguage => (SAMPLE_LANGUAGES as readonly string[]).includes(code);

/** Segments covering the duration, spoken in the language (a sample language; others fall back to English text). */
export function buildSegments(seed: string, scope: string, id: string, language: string, durationMs: number): Segment[] {
  const random = createRandom(seed, 'transcript', scope, id, language);
  const text = isSampleLanguage(language) ? language : 'en';
  const lengths: number[] = [];
  let total = 0;
  while (total < durationMs && lengths.length < MAX_SEGMENTS) {
    const length = random.int(1500, 6000);
    lengths.push(length);
    total += length;
  }
  const stretch = total > 0 ? durationMs / total : 1;
  const segments: Segment[] = [];
  let at = 0;
  for (const length of lengths) {
    const startMs = Math.round(at);
    at = Math.min(durationMs, at + length * stretch);
    const endMs = Math.max(startMs + 1, Math.round(at));
    segments.push({ startMs, endMs, text: sampleSentence(random, text) });
  }
  return segments;
}

/** The spec's `transcript[]`: times as strings of milliseconds, and `m:ss`. */
export const specTranscript = (segments: readonly Segment[]): Record<string, string>[] =>
  segments.map((s) => ({ text: s.text, startMs: String(s.startMs), endMs: String(s.endMs), startTimeText: startTimeText(s.startMs) }));

export const transcriptText = (segments: readonly Segment[]): string => segments.map((s) => s.text).join(' ');

export function webVtt(segments: readonly Segment[]): string {
  const cues = segments.map((s, i) => `${i + 1}\n${vttTime(s.startMs)} --> ${vttTime(s.endMs)}\n${s.text}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
