/**
 * Which operation fetches an item's transcript, and which fetches the item again (a new
 * metrics snapshot), decided from the item's platform, kind and URL. Pure.
 */
import type { OperationId } from '../../../shared/catalogue';
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
 * The call that fetches the item's transcript, or null where its platform has no transcript
 * operation (or the item has no link to give it). `language` applies to the video site only.
 */
export function transcriptCall(item: ItemFacts, language?: string): ItemCall | null {
  const url = itemUrl(item);
  if (!url) return null;
  switch (item.platform) {
    case 'videosite':
      if (!VIDEO_KINDS.has(item.kind)) return null;
      return { operation: 'videosite/transcript', params: language?.trim() ? { url, language: language.trim() } : { url } };
    case 'shortvideo':
      // The transcript is a flag on the video's own details: one request fetches both.
      return { operation: 'shortvideo/video', params: { url, get_transcript: 'true' } };
    case 'tweetsite':
      if (item.kind !== 'tweet') return null;
      return { operation: 'tweetsite/transcript', params: { url } };
    default:
      return null;
  }
}

/** Whether the transcript call can ask for a language (only the video site's can). */
export const transcriptTakesLanguage = (item: ItemFacts): boolean => item.platform === 'videosite';

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
