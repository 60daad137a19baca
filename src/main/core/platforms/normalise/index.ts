/**
 * Normalising a response: dispatches by the operation's platform (from the catalogue) to that
 * platform's module in the registry. Never throws: anything unexpected becomes a warning and no items, and
 * the raw response is kept by the caller in any case.
 */
import { getOperation, isOperationId, type OperationId, type Platform } from '../../../../shared/catalogue';
import type { Normalisation, Normaliser } from '../../../../shared/model';
import { errorText, isRecord, withWarning } from '../read';
import { PLATFORM_MODULES } from '../registry';
import { guardIdentities } from './identity';

/** Each platform's normaliser, from the platform registry. */
export const NORMALISERS: Readonly<Record<Platform, Normaliser>> = Object.fromEntries(
  Object.values(PLATFORM_MODULES).map((module) => [module.platform, module.normalise]),
) as Record<Platform, Normaliser>;

/** Only string values are parameters; anything else in a params object is ignored. */
function cleanParams(params: unknown): Record<string, string> {
  const clean: Record<string, string> = {};
  if (!isRecord(params)) return clean;
  for (const [key, value] of Object.entries(params)) if (typeof value === 'string') clean[key] = value;
  return clean;
}

/**
 * The items and transcripts of one response's `data`, in the common model, with a sentence for
 * everything that could not be read. `params` are the request's parameters by their Gleaner
 * names (they supply what a record may lack: the requested URL, the channel or profile asked for).
 */
export function normaliseResponse(operation: OperationId, data: unknown, params: Record<string, string>): Normalisation {
  let name = 'unknown';
  try {
    name = String(operation);
    if (!isOperationId(operation)) return withWarning(`“${name}” is not a known operation, so its response was not read.`);
    const clean = cleanParams(params);
    const result = guardIdentities(operation, clean, NORMALISERS[getOperation(operation).platform](operation, data, clean));
    const warnings = [...result.warnings];
    // Deduplication goes by id, else by link: an item with neither is stored anew by every fetch.
    const unidentified = result.items.filter((item) => item.nativeId === null && item.url === null).length;
    if (unidentified > 0) {
      warnings.push(
        `${unidentified} of ${result.items.length} items carry neither an id nor a link, so a later fetch of the same ${unidentified === 1 ? 'item stores it' : 'items stores them'} again as new.`,
      );
    }
    return { items: result.items, transcripts: result.transcripts, warnings };
  } catch (error) {
    return withWarning(`The ${name} response could not be normalised (${errorText(error)}); only its raw data is kept.`);
  }
}

export { readTranscript, unavailableTranscript } from '../read/transcripts';
export { parseTimedText } from '../read/timed-text';
export { readSegmentList } from '../read/segments';
export type { TranscriptIdentity, TranscriptReading } from '../read/transcripts';
