/**
 * Which operation fetches an item's transcript, and which fetches the item again (a new
 * metrics snapshot), decided from the item's platform, kind and URL. Pure.
 */
import { transcriptRoute, type OperationId } from '../../../shared/catalogue';
import type { ItemRecord, TranscriptRecord } from '../../../shared/library';
import { safeHttpsUrl } from './links';

export interface ItemCall {
  operation: OperationId;
  params: Record<string, string>;
}

type ItemFacts = Pick<ItemRecord, 'platform' | 'kind' | 'url'>;

const VIDEO_KINDS = new Set(['video', 'short', 'live']);

/** The item's own link, only where it is a plain https URL the service can be given. */
const itemUrl = (item: ItemFacts): string | null => safeHttpsUrl(item.url);

/**
 * The call that fetches the item's transcript, or null where no operation brings one for its
 * platform and kind (or the item has no link to give it). The catalogue says which operation,
 * and whether the transcript is a flag on the item's own fetch; `language` goes where the
 * operation takes one.
 */
export function transcriptCall(item: ItemFacts, language?: string): ItemCall | null {
  const url = itemUrl(item);
  const route = transcriptRoute(item.platform, item.kind);
  if (!url || !route) return null;
  const params: Record<string, string> = { url };
  if (route.flag !== null) params[route.flag] = 'true';
  if (route.languageParam !== null && language?.trim()) params[route.languageParam] = language.trim();
  return { operation: route.operation, params };
}

/** Whether the transcript call can ask for a language (only the video site's can). */
export const transcriptTakesLanguage = (item: ItemFacts): boolean => Boolean(transcriptRoute(item.platform, item.kind)?.languageParam);

/** Whether a usable transcript (one with text) is already stored. */
export const hasUsableTranscript = (transcripts: readonly TranscriptRecord[]): boolean =>
  transcripts.some((t) => t.available && (t.segments.length > 0 || Boolean(t.fullText?.trim())));

/**
 * The call that fetches this one item again by its link, adding a metrics snapshot; null
 * where no operation returns a single item of this kind (a forum post, a page's reel, a
 * short message: the only single-message operation is the slow transcript).
 */
export function refreshCall(item: ItemFacts): ItemCall | null {
  const url = itemUrl(item);
  if (!url) return null;
  switch (item.platform) {
    case 'videosite':
      return VIDEO_KINDS.has(item.kind) ? { operation: 'videosite/video', params: { url } } : null;
    case 'shortvideo':
      return { operation: 'shortvideo/video', params: { url } };
    case 'photoshare':
      return item.kind === 'post' || item.kind === 'reel' ? { operation: 'photoshare/post', params: { url } } : null;
    case 'microblog':
      return item.kind === 'post' ? { operation: 'microblog/post', params: { url } } : null;
    case 'professional':
      return item.kind === 'post' || item.kind === 'article' ? { operation: 'professional/post', params: { url } } : null;
    case 'pinboard':
      return item.kind === 'pin' ? { operation: 'pinboard/pin', params: { url } } : null;
    default:
      return null;
  }
}
