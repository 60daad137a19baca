/** Lists of transcript segments whose keys and time units vary by platform (see transcripts.ts). */
import type { TranscriptSegment } from '../../../../shared/model';
import { isRecord, prop, text, type JsonObject } from './json';
import { clockToMs } from './time';
import { sortSegments } from './timed-text';

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
  const match = value.match(NUMBER_TEXT);
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

export function hasTimingKey(entry: unknown): boolean {
  return isRecord(entry) && Object.keys(entry).some((key) => TIMING_KEYS.has(key));
}
