import type { TranscriptRecord } from '../../../shared/library';

const hasWords = (t: TranscriptRecord): boolean => t.available && (t.segments.length > 0 || Boolean(t.fullText?.trim()));

/**
 * The transcript the item view shows: the one asked for by language (by a search hit, the
 * user, a fetch; null is the one with no language named), else the first that holds words
 * rather than a "none in that language" answer, else the first.
 */
export function transcriptToShow(
  transcripts: readonly TranscriptRecord[],
  language: string | null | undefined,
): TranscriptRecord | undefined {
  const asked = language === undefined ? undefined : transcripts.find((t) => t.language === language);
  return asked ?? transcripts.find(hasWords) ?? transcripts[0];
}
