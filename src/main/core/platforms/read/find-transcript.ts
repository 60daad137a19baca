/** Finding a transcript in a response whose shape the spec does not show. */
import { at, has, isRecord, prop } from './json';

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
