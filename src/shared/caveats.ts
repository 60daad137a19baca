/**
 * The spec's caveats that belong next to one field of an operation's form, keyed by
 * operation id and parameter name. The catalogue's `caveats` say what holds for the whole
 * operation; these say what a user must know while filling in one field.
 *
 * Imported by the renderer, so it has no imports beyond types.
 */
import type { OperationId } from './catalogue';

export type ParamCaveats = Readonly<Partial<Record<OperationId, Readonly<Record<string, string>>>>>;

export const PARAM_CAVEATS: ParamCaveats = {
  'shortvideo/search': {
    region: 'The region is where the service searches from; results can differ from one region to another.',
    cursor: 'Leave empty for the first page; “Load more” fills it in.',
  },
  'shortvideo/video': {
    get_transcript: 'Adds the spoken words, when the video has speech.',
    region: 'Leave empty unless no response comes back for this video; then try the country it was posted from.',
  },
  'shortvideo/trending': {
    region: 'The region changes what the feed returns: content not blocked there, not only content from there.',
  },
  'videosite/search': {
    filter: 'Works only together with a query, and not with “Uploaded” or “Sort by”.',
  },
  'videosite/channel/videos': {
    channelId: 'Give the channel id or the handle; the id is exact, a handle may have changed.',
  },
  'videosite/transcript': {
    language: 'Empty: the video’s own language. When there is no transcript in a language, Gleaner records that rather than failing.',
  },
  'photoshare/user/reels': {
    user_id: 'The user id is faster than the handle.',
  },
  'microblog/user/posts': {
    user_id: 'The user id (did:plc:…) is faster than the handle.',
  },
  'forum/subreddit/search': {
    subreddit: 'The community name only: not r/name and not a link.',
  },
  'tweetsite/user/tweets': {
    handle: 'Returns up to 100 of the profile’s most popular messages, not the latest ones.',
  },
  'tweetsite/transcript': {
    url: 'Speech recognition takes a while: expect a slow answer.',
  },
};

/** The caveat for one field of an operation, or null. */
export function paramCaveat(operation: OperationId, param: string): string | null {
  return PARAM_CAVEATS[operation]?.[param] ?? null;
}
