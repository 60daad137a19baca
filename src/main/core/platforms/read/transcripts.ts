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
import type { ItemKind, NormalisedTranscript } from '../../../../shared/model';
import { isRecord, prop, text, type JsonObject } from './json';
import { hasTimingKey, readSegmentList } from './segments';
import { looksTimed, parseTimedText } from './timed-text';

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
