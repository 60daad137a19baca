/**
 * Transcript readers shared by the platforms whose operations carry transcripts.
 *
 * The video site documents its shape (segments with `startMs`/`endMs` carried as strings of
 * milliseconds, plus `transcript_only_text`). The short-video app's transcript flag and the
 * short-message site's transcript operation are not shown in the spec, so `readTranscript`
 * accepts any of three forms wherever a transcript may sit:
 *
 * 1. A list of segments. Text is read from `text`, `snippet`, `content`, `caption`, `utf8`,
 *    `line`, `value`, `sentence`, `transcript` or `segs[].utf8`. Times are read from:
 *    - keys that say milliseconds (`startMs`, `start_ms`, `tStartMs`, `offsetMs`, `endMs`,
 *      `durationMs`, `dDurationMs` …) — taken as milliseconds;
 *    - keys that say seconds (`startSeconds`, `start_sec`, `endSeconds`, `durationSeconds` …);
 *    - clock strings anywhere (`0:01`, `00:00:01.500`, `00:00:01,500`, and `startTimeText`);
 *    - values with a unit suffix (`"1.5s"`, `"1500ms"`);
 *    - plain numbers under unit-less keys (`start`, `startTime`, `offset`, `begin`, `time`,
 *      `end`, `to`, `duration`, `dur` …). Their unit is decided once per transcript: seconds if
 *      any of them has a fraction; otherwise by the pace of the text — characters per unit of
 *      time over the segments whose length is known (end − start, the duration, or the gap to
 *      the next start). Speech is 10–25 characters a second, so 0.1 or more characters per unit
 *      means seconds and less means milliseconds. With no length at all, values of 1000 or more
 *      are milliseconds.
 *    The end is the end key, else start + duration, else null (never guessed from the next
 *    segment). Segments are sorted by start; text-only entries stay out of the timed segments
 *    but still count toward the full text. A list of plain strings is an untimed text.
 * 2. One plain text string (format `text`, no segments).
 * 3. WebVTT or SRT text (format `webvtt`): cues `00:00:01.000 --> 00:00:03.500`, also with
 *    `mm:ss.ttt` or SRT commas; the header, NOTE/STYLE/REGION blocks, cue identifiers and cue
 *    settings are ignored; cue tags (`<c>`, `<i>`, `<b>`, `<u>`, `<v Speaker>`, `<lang>`,
 *    `<ruby>`, `<rt>`, `<00:00:01.000>`) are stripped and the usual character references
 *    decoded. Other angle-bracket text is content and is kept.
 *
 * An object wrapper is opened at `segments`, `cues`, `captions`, `subtitles`, `transcript`,
 * `items`, `data` … for the list, at `vtt`/`webvtt`/`srt` for timed text and at
 * `transcript_only_text`, `full_text`, `text`, `content` … for the whole text; `language`,
 * `lang`, `language_code` … give the language. A list without timings whose objects hold whole
 * transcripts (a list or timed text), or carry different languages, or that is one object with a
 * language, is read as alternatives: the one in the requested language, else the first readable.
 *
 * The full text is the service's whole-transcript text when it gives one, otherwise the segment
 * texts joined with single spaces.
 */
import { sameBaseLanguage } from '../../../../shared/language';
import type { ItemKind, NormalisedTranscript, TranscriptSegment } from '../../../../shared/model';
import { at, clockToMs, has, isRecord, prop, text, type JsonObject } from './read';

export interface TranscriptIdentity {
  nativeId: string | null;
  url: string | null;
  kind: ItemKind | null;
  language: string | null;
}

export interface TranscriptReading {
  /** Null when the value holds nothing that reads as a transcript. */
  transcript: NormalisedTranscript | null;
  warnings: string[];
}

export interface ReadTranscriptOptions {
  /** The service's whole-transcript text (e.g. `transcript_only_text`), preferred as full text. */
  fullText?: unknown;
}

export function unavailableTranscript(identity: TranscriptIdentity): NormalisedTranscript {
  return { ...identity, available: false, segments: [], fullText: null, format: 'none' };
}

/** Null, a blank string or an empty list: the service says there is nothing. */
export function isExplicitlyEmpty(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

// ---------------------------------------------------------------------------------------------
// WebVTT and SRT

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
    const match = TIMING_LINE.exec(block[timingIndex] ?? '');
    const start = clockToMs(match?.[1]);
    const end = clockToMs(match?.[2]);
    if (start === null) continue;
    const cue = cueText(block.slice(timingIndex + 1));
    if (cue.trim() === '') continue;
    segments.push({ startMs: start, endMs: end !== null && end >= start ? end : null, text: cue });
  }
  return sawTiming ? sortSegments(segments) : null;
}

function sortSegments(segments: TranscriptSegment[]): TranscriptSegment[] {
  // Array.prototype.sort is stable, so cues starting together keep their order.
  return segments.sort((a, b) => a.startMs - b.startMs);
}

// ---------------------------------------------------------------------------------------------
// Segment lists

const TEXT_KEYS = ['text', 'snippet', 'content', 'caption', 'utf8', 'line', 'value', 'sentence', 'transcript', 'words'];
const START_MS_KEYS = [
  'startMs',
  'start_ms',
  'startTimeMs',
  'start_time_ms',
  'tStartMs',
  'offsetMs',
  'offset_ms',
  'beginMs',
  'begin_ms',
  'startMillis',
  'start_millis',
];
const START_S_KEYS = [
  'startSeconds',
  'start_seconds',
  'startSec',
  'start_sec',
  'startTimeSeconds',
  'start_time_seconds',
  'startInSeconds',
  'start_in_seconds',
];
const START_ANY_KEYS = ['start', 'startTime', 'start_time', 'offset', 'begin', 'from', 'time', 'timestamp', 'ts', 't'];
const START_TEXT_KEYS = ['startTimeText', 'start_time_text', 'timeText', 'time_text'];
const END_MS_KEYS = ['endMs', 'end_ms', 'endTimeMs', 'end_time_ms', 'endMillis', 'end_millis'];
const END_S_KEYS = ['endSeconds', 'end_seconds', 'endSec', 'end_sec', 'endTimeSeconds', 'end_time_seconds'];
const END_ANY_KEYS = ['end', 'endTime', 'end_time', 'to', 'until', 'stop'];
const END_TEXT_KEYS = ['endTimeText', 'end_time_text'];
const DURATION_MS_KEYS = ['durationMs', 'duration_ms', 'dDurationMs', 'durMs', 'dur_ms'];
const DURATION_S_KEYS = ['durationSeconds', 'duration_seconds', 'durSec', 'dur_sec'];
const DURATION_ANY_KEYS = ['duration', 'dur', 'length'];

const TIMING_KEYS = new Set([
  ...START_MS_KEYS,
  ...START_S_KEYS,
  ...START_ANY_KEYS,
  ...START_TEXT_KEYS,
  ...END_MS_KEYS,
  ...END_S_KEYS,
  ...END_ANY_KEYS,
  ...END_TEXT_KEYS,
  ...DURATION_MS_KEYS,
  ...DURATION_S_KEYS,
  ...DURATION_ANY_KEYS,
]);

type Unit = 'ms' | 's' | 'unknown';

interface TimeValue {
  value: number;
  unit: Unit;
}

const NUMBER_TEXT = /^\s*(\d{1,12}(?:\.\d{1,9})?)\s*(ms|s)?\s*$/i;

/** A time value as found; `unit` is the key's unit unless the value itself says otherwise. */
function timeValue(value: unknown, keyUnit: Unit): TimeValue | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? { value, unit: keyUnit } : null;
  if (typeof value !== 'string') return null;
  const clock = clockToMs(value);
  if (clock !== null) return { value: clock, unit: 'ms' };
  const match = NUMBER_TEXT.exec(value);
  if (!match) return null;
  const suffix = match[2]?.toLowerCase();
  return { value: Number(match[1]), unit: suffix === 'ms' ? 'ms' : suffix === 's' ? 's' : keyUnit };
}

function firstTime(entry: JsonObject, groups: readonly (readonly [readonly string[], Unit])[]): TimeValue | null {
  for (const [keys, unit] of groups) {
    for (const key of keys) {
      if (!Object.hasOwn(entry, key)) continue;
      const found = timeValue(entry[key], unit);
      if (found !== null) return found;
    }
  }
  return null;
}

function entryText(entry: unknown): string | null {
  if (typeof entry === 'string') return text(entry);
  if (!isRecord(entry)) return null;
  for (const key of TEXT_KEYS) {
    const value = prop(entry, key);
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  const runs = prop(entry, 'segs');
  if (Array.isArray(runs)) {
    const joined = runs
      .map((run: unknown) => (typeof run === 'string' ? run : (text(prop(run, 'utf8')) ?? text(prop(run, 'text')) ?? '')))
      .join('');
    if (joined.trim() !== '') return joined;
  }
  return null;
}

interface RawSegment {
  text: string;
  start: TimeValue | null;
  end: TimeValue | null;
  duration: TimeValue | null;
}

/** One segment's unit-less numbers (null where it has none, or has them in a known unit), and its text length. */
export interface UnitlessTiming {
  start: number | null;
  end: number | null;
  duration: number | null;
  chars: number;
}

/**
 * Speech runs at roughly 10 to 25 characters a second. Read in the right unit, a transcript's
 * text per unit of time is about 15 if its numbers are seconds, and about 0.015 if they are
 * milliseconds; 0.1 sits between them with a wide margin on both sides (a sparse "[Music]" every
 * 30 seconds still reads as seconds, and nobody speaks 100 characters a second).
 */
const CHARS_PER_UNIT_IF_SECONDS = 0.1;

/** The unit of the unit-less numbers of one transcript (see the file comment). */
export function inferUnit(timings: readonly UnitlessTiming[]): 'ms' | 's' {
  const all = timings.flatMap((timing) => [timing.start, timing.end, timing.duration].filter((value): value is number => value !== null));
  if (all.length === 0) return 's';
  if (all.some((value) => !Number.isInteger(value))) return 's';
  // Each segment's length: its end, else its duration, else the gap to the next start.
  const starts = timings.flatMap((timing) => (timing.start === null ? [] : [timing.start])).sort((x, y) => x - y);
  let chars = 0;
  let length = 0;
  for (const { start, end, duration, chars: segmentChars } of timings) {
    let span: number | null = null;
    if (start !== null && end !== null) span = end - start;
    else if (duration !== null) span = duration;
    else if (start !== null) {
      const next = starts.find((other) => other > start);
      if (next !== undefined) span = next - start;
    }
    if (span === null || span <= 0) continue;
    chars += segmentChars;
    length += span;
  }
  if (length > 0) return chars / length >= CHARS_PER_UNIT_IF_SECONDS ? 's' : 'ms';
  return Math.max(0, ...all) >= 1000 ? 'ms' : 's';
}

function toMs(time: TimeValue, unknownUnit: 'ms' | 's'): number {
  const unit = time.unit === 'unknown' ? unknownUnit : time.unit;
  return Math.round(unit === 's' ? time.value * 1000 : time.value);
}

export interface SegmentListReading {
  segments: TranscriptSegment[];
  /** Every entry's text in the order given, timed or not. */
  texts: string[];
  /** Entries with text but no start time. */
  untimed: number;
  /** Entries that are not text or objects with text. */
  unreadable: number;
}

/** Reads a list of segment entries (objects or strings) as described in the file comment. */
export function readSegmentList(list: readonly unknown[]): SegmentListReading {
  const raw: RawSegment[] = [];
  const texts: string[] = [];
  let unreadable = 0;
  for (const entry of list) {
    const segmentText = entryText(entry);
    if (segmentText === null) {
      unreadable += 1;
      continue;
    }
    texts.push(segmentText);
    if (!isRecord(entry)) {
      raw.push({ text: segmentText, start: null, end: null, duration: null });
      continue;
    }
    raw.push({
      text: segmentText,
      start: firstTime(entry, [
        [START_MS_KEYS, 'ms'],
        [START_S_KEYS, 's'],
        [START_ANY_KEYS, 'unknown'],
        [START_TEXT_KEYS, 'unknown'],
      ]),
      end: firstTime(entry, [
        [END_MS_KEYS, 'ms'],
        [END_S_KEYS, 's'],
        [END_ANY_KEYS, 'unknown'],
        [END_TEXT_KEYS, 'unknown'],
      ]),
      duration: firstTime(entry, [
        [DURATION_MS_KEYS, 'ms'],
        [DURATION_S_KEYS, 's'],
        [DURATION_ANY_KEYS, 'unknown'],
      ]),
    });
  }

  const unknown = (time: TimeValue | null): number | null => (time?.unit === 'unknown' ? time.value : null);
  const unit = inferUnit(
    raw.map((segment) => ({
      start: unknown(segment.start),
      end: unknown(segment.end),
      duration: unknown(segment.duration),
      chars: segment.text.length,
    })),
  );

  const segments: TranscriptSegment[] = [];
  let untimed = 0;
  for (const segment of raw) {
    if (segment.start === null) {
      untimed += 1;
      continue;
    }
    const startMs = toMs(segment.start, unit);
    let endMs: number | null = null;
    if (segment.end !== null) endMs = toMs(segment.end, unit);
    else if (segment.duration !== null) endMs = startMs + toMs(segment.duration, unit);
    segments.push({ startMs, endMs: endMs !== null && endMs >= startMs ? endMs : null, text: segment.text });
  }
  return { segments: sortSegments(segments), texts, untimed, unreadable };
}

function hasTimingKey(entry: unknown): boolean {
  return isRecord(entry) && Object.keys(entry).some((key) => TIMING_KEYS.has(key));
}

// ---------------------------------------------------------------------------------------------
// Any form

const LANGUAGE_KEYS = ['language', 'lang', 'language_code', 'languageCode', 'lang_code', 'locale', 'languageName', 'language_name'];
const TIMED_TEXT_KEYS = ['vtt', 'webvtt', 'webVtt', 'srt'];
const FULL_TEXT_KEYS = [
  'transcript_only_text',
  'full_text',
  'fullText',
  'transcript_text',
  'transcriptText',
  'plain_text',
  'plainText',
  'text',
  'content',
  'body',
  'transcript',
  'transcription',
  'subtitles',
  'captions',
  'value',
];
const LIST_KEYS = [
  'segments',
  'cues',
  'chunks',
  'utterances',
  'captions',
  'subtitles',
  'transcript',
  'transcription',
  'transcripts',
  'items',
  'entries',
  'lines',
  'results',
  'data',
  'words',
];

const MAX_DEPTH = 5;

function languageOf(value: unknown): string | null {
  for (const key of LANGUAGE_KEYS) {
    const found = text(prop(value, key));
    if (found !== null) return found;
  }
  return null;
}

function joinTexts(texts: readonly string[]): string | null {
  return texts.length === 0 ? null : texts.join(' ');
}

function fromString(value: string, identity: TranscriptIdentity, fullText: string | null): TranscriptReading {
  if (value.trim() === '') return { transcript: null, warnings: [] };
  if (looksTimed(value)) {
    const segments = parseTimedText(value) ?? [];
    if (segments.length > 0) {
      return {
        transcript: {
          ...identity,
          available: true,
          segments,
          fullText: fullText ?? joinTexts(segments.map((segment) => segment.text)),
          format: 'webvtt',
        },
        warnings: [],
      };
    }
    if (fullText !== null) return { transcript: { ...identity, available: true, segments: [], fullText, format: 'text' }, warnings: [] };
    // A timed-text file without a single cue: the service sent an empty transcript.
    return { transcript: unavailableTranscript(identity), warnings: [] };
  }
  return { transcript: { ...identity, available: true, segments: [], fullText: fullText ?? value, format: 'text' }, warnings: [] };
}

function fromList(list: readonly unknown[], identity: TranscriptIdentity, fullText: string | null, depth: number): TranscriptReading {
  if (list.length === 0) {
    return {
      transcript: fullText === null ? null : { ...identity, available: true, segments: [], fullText, format: 'text' },
      warnings: [],
    };
  }
  // Objects without timings that wrap a transcript each (one per language) are alternatives.
  const objects = list.filter(isRecord);
  const languages = new Set(objects.map(languageOf).filter((language) => language !== null));
  const alternatives = objects.some(isWrapper) || languages.size > 1 || (list.length === 1 && objects.length === 1 && languages.size === 1);
  if (objects.length > 0 && !list.some(hasTimingKey) && alternatives) {
    return fromAlternatives(objects, identity, fullText, depth);
  }

  const reading = readSegmentList(list);
  const warnings: string[] = [];
  if (reading.unreadable > 0) {
    warnings.push(`${reading.unreadable} of ${list.length} transcript segments could not be read.`);
  }
  if (reading.segments.length > 0 && reading.untimed > 0) {
    warnings.push(`${reading.untimed} of ${list.length} transcript segments had no start time and are only in the full text.`);
  }
  const whole = fullText ?? joinTexts(reading.texts);
  if (whole === null) return { transcript: null, warnings };
  if (reading.segments.length === 0) {
    return { transcript: { ...identity, available: true, segments: [], fullText: whole, format: 'text' }, warnings };
  }
  return { transcript: { ...identity, available: true, segments: reading.segments, fullText: whole, format: 'segments' }, warnings };
}

/** An object that holds a whole transcript (a list or timed text) rather than one segment of it. */
function isWrapper(value: JsonObject): boolean {
  for (const key of [...TIMED_TEXT_KEYS, ...LIST_KEYS]) {
    const inner = prop(value, key);
    if (Array.isArray(inner) || isRecord(inner)) return true;
    if (typeof inner === 'string' && looksTimed(inner)) return true;
  }
  for (const key of FULL_TEXT_KEYS) {
    const inner = prop(value, key);
    if (typeof inner === 'string' && looksTimed(inner)) return true;
  }
  return false;
}

function fromAlternatives(
  options: readonly JsonObject[],
  identity: TranscriptIdentity,
  fullText: string | null,
  depth: number,
): TranscriptReading {
  const preferred = options.filter((option) => sameBaseLanguage(languageOf(option), identity.language));
  const ordered = [...preferred, ...options.filter((option) => !preferred.includes(option))];
  let fallback: TranscriptReading | null = null;
  for (const option of ordered) {
    const reading = readAny(option, identity, fullText, depth + 1);
    if (reading.transcript?.available) return reading;
    fallback ??= reading.transcript === null ? null : reading;
  }
  return fallback ?? { transcript: null, warnings: [] };
}

function fromObject(value: JsonObject, identity: TranscriptIdentity, fullText: string | null, depth: number): TranscriptReading {
  const own: TranscriptIdentity = { ...identity, language: languageOf(value) ?? identity.language };
  let explicit = fullText;
  let timedText: string | null = null;
  for (const key of TIMED_TEXT_KEYS) {
    const found = text(prop(value, key));
    if (found !== null) {
      timedText = found;
      break;
    }
  }
  for (const key of FULL_TEXT_KEYS) {
    const found = text(prop(value, key));
    if (found === null) continue;
    if (looksTimed(found)) timedText ??= found;
    else explicit ??= found;
  }
  for (const key of LIST_KEYS) {
    const inner = prop(value, key);
    if (!Array.isArray(inner) && !isRecord(inner)) continue;
    const reading = readAny(inner, own, explicit, depth + 1);
    if (reading.transcript !== null) return reading;
  }
  if (timedText !== null) return fromString(timedText, own, explicit);
  if (explicit !== null) return fromString(explicit, own, null);
  return { transcript: null, warnings: [] };
}

function readAny(value: unknown, identity: TranscriptIdentity, fullText: string | null, depth: number): TranscriptReading {
  if (depth > MAX_DEPTH) return { transcript: null, warnings: [] };
  if (typeof value === 'string') return fromString(value, identity, fullText);
  if (Array.isArray(value)) return fromList(value, identity, fullText, depth);
  if (isRecord(value)) return fromObject(value, identity, fullText, depth);
  return { transcript: null, warnings: [] };
}

/**
 * Reads a transcript in any accepted form (see the file comment). The result's transcript is
 * null when the value holds nothing readable; an empty timed-text file reads as unavailable.
 * Callers decide what an explicit null or empty value means for their operation.
 */
export function readTranscript(value: unknown, identity: TranscriptIdentity, options: ReadTranscriptOptions = {}): TranscriptReading {
  return readAny(value, identity, text(options.fullText), 0);
}

// ---------------------------------------------------------------------------------------------
// Finding a transcript in a response whose shape is not shown

export interface FoundValue {
  value: unknown;
  path: string;
}

/** The value at the first of `places` that exists (even when it is null). */
export function findAtPlaces(data: unknown, places: readonly (readonly string[])[]): FoundValue | null {
  for (const place of places) {
    const parent = place.length === 1 ? data : at(data, ...place.slice(0, -1));
    const key = place[place.length - 1];
    if (key !== undefined && has(parent, key)) return { value: prop(parent, key), path: place.join('.') };
  }
  return null;
}

const TRANSCRIPT_KEY = /^(?:transcripts?|transcription|transcript_?text|subtitles?|captions?|vtt|webvtt|srt)$/i;

/**
 * Looks for a key named like a transcript anywhere in the data (breadth first, bounded), for
 * responses whose layout the spec does not show. Keys whose value is empty are returned too.
 */
export function findTranscriptKey(data: unknown, maxDepth = 6, maxNodes = 5000): FoundValue | null {
  let level: { value: unknown; path: string }[] = [{ value: data, path: '' }];
  let visited = 0;
  for (let depth = 0; depth <= maxDepth && level.length > 0; depth += 1) {
    const next: { value: unknown; path: string }[] = [];
    for (const node of level) {
      visited += 1;
      if (visited > maxNodes) return null;
      if (Array.isArray(node.value)) {
        node.value.forEach((child: unknown, index) => next.push({ value: child, path: `${node.path}[${index}]` }));
      } else if (isRecord(node.value)) {
        for (const [key, child] of Object.entries(node.value)) {
          const path = node.path === '' ? key : `${node.path}.${key}`;
          if (TRANSCRIPT_KEY.test(key)) return { value: child, path };
          next.push({ value: child, path });
        }
      }
    }
    level = next;
  }
  return null;
}
