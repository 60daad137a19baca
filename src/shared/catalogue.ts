/**
 * The catalogue of the retrieval service's 20 operations, as data. The client builds
 * requests from it, the demo service answers from it, the Fetch view generates its forms
 * from it, and the CLI names operations by it. Adding an operation is one entry here.
 *
 * Where the spec says "not shown", the default wire names come from PRODUCT.md; every wire
 * name and every path can be overridden in settings.
 *
 * This file is imported by the renderer, so it has no imports beyond types.
 */

export const PLATFORMS = [
  'videosite',
  'shortvideo',
  'photoshare',
  'microblog',
  'professional',
  'pinboard',
  'socialnet',
  'forum',
  'tweetsite',
] as const;

export type Platform = (typeof PLATFORMS)[number];

/** Human names for each platform, neutral as in the spec. */
export const PLATFORM_LABELS: Readonly<Record<Platform, string>> = {
  videosite: 'Video site',
  shortvideo: 'Short-video app',
  photoshare: 'Photo-sharing network',
  microblog: 'Microblog',
  professional: 'Professional network',
  pinboard: 'Image pinboard',
  socialnet: 'Social network (pages)',
  forum: 'Community forum',
  tweetsite: 'Short-message site',
};

/** Human names for the kinds of item the normalisers give, in the words a list or a citation uses. */
const KIND_LABELS: Readonly<Record<string, string>> = {
  video: 'Video',
  short: 'Short',
  live: 'Live stream',
  channel: 'Channel',
  playlist: 'Playlist',
  post: 'Post',
  article: 'Article',
  reel: 'Reel',
  pin: 'Pin',
  tweet: 'Short message',
  comment: 'Comment',
  media: 'Media',
};

/** A kind's human name; a kind Gleaner has no name for is shown as stored. */
export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;

export const OPERATION_IDS = [
  'shortvideo/search',
  'shortvideo/video',
  'shortvideo/search/hashtag',
  'shortvideo/trending',
  'videosite/search',
  'videosite/channel/videos',
  'videosite/search/hashtag',
  'videosite/transcript',
  'videosite/video',
  'videosite/trending',
  'photoshare/post',
  'photoshare/user/reels',
  'microblog/user/posts',
  'microblog/post',
  'professional/post',
  'pinboard/pin',
  'socialnet/user/reels',
  'forum/subreddit/search',
  'tweetsite/transcript',
  'tweetsite/user/tweets',
] as const;

export type OperationId = (typeof OPERATION_IDS)[number];

export type ParamType = 'string' | 'integer' | 'boolean' | 'url' | 'enum';

/** Format checks beyond the type, each with its own error sentence. */
export type ParamFormat = 'hashtag' | 'community' | 'countryCode' | 'languageCode' | 'handle' | 'did';

export interface ParamSpec {
  /**
   * The parameter's name in Gleaner: the spec's name where it gives one, else PRODUCT.md's
   * default wire name. It is also the default wire name; settings may map it to another.
   */
  name: string;
  label: string;
  type: ParamType;
  required?: boolean;
  values?: readonly string[];
  format?: ParamFormat;
  help?: string;
  /** True when the spec does not name it on the wire, so the name is Gleaner's default. */
  unnamedInSpec?: boolean;
}

export type Constraint =
  /** At least one of these parameters must be given. */
  | { kind: 'oneOf'; params: readonly string[]; message: string }
  /** When `param` is given, `requires` must be given and `excludes` must not. */
  | { kind: 'dependsOn'; param: string; requires?: readonly string[]; excludes?: readonly string[]; message: string };

/**
 * How to continue a listing: each request parameter in `feeds` is filled from the
 * response, first at its documented place, then at a short list of known places.
 * A place is a dotted path inside `data`.
 */
export interface PaginationSpec {
  feeds: readonly { param: string; documentedAt: readonly string[]; alsoLookAt: readonly string[] }[];
  /** True when the spec documents where the values are; false when Gleaner looks around. */
  documented: boolean;
}

export interface OperationSpec {
  id: OperationId;
  platform: Platform;
  /** Path after `/api/v1/partner/<platform>/`. */
  path: string;
  /** `meta.endpoint` the spec lists for this operation; null where it lists none. */
  endpoint: string | null;
  title: string;
  summary: string;
  /** Spec caveats a user should see before running it. */
  caveats: readonly string[];
  params: readonly ParamSpec[];
  /** Whether the optional trim flag (a reduced response) applies. */
  trim: boolean;
  constraints: readonly Constraint[];
  pagination: PaginationSpec | null;
  /** Whether the response can carry a transcript. */
  transcripts: boolean;
  /** The spec calls this operation slow; it gets a longer timeout. */
  slow?: boolean;
}

/** The default wire name of the trim flag (PRODUCT.md). */
export const TRIM_PARAM = 'trim';

const trimFlag: ParamSpec = {
  name: TRIM_PARAM,
  label: 'Trimmed response',
  type: 'boolean',
  unnamedInSpec: true,
  help: 'Ask for a reduced response. Which fields are removed is not documented.',
};

const region = (required: boolean, help: string): ParamSpec => ({
  name: 'region',
  label: 'Region',
  type: 'string',
  format: 'countryCode',
  required,
  unnamedInSpec: !required,
  help,
});

const url = (label: string): ParamSpec => ({ name: 'url', label, type: 'url', required: true });

const continuation: ParamSpec = {
  name: 'continuationToken',
  label: 'Continuation token',
  type: 'string',
  help: 'Filled in by “Load more”.',
};

const extras: ParamSpec = {
  name: 'includeExtras',
  label: 'Include likes, comments and description',
  type: 'boolean',
  unnamedInSpec: true,
  help: 'Slows the response slightly; full details come from the video operation.',
};

const continuationPaging: PaginationSpec = {
  documented: true,
  feeds: [
    { param: 'continuationToken', documentedAt: ['continuationToken'], alsoLookAt: ['continuation', 'nextPageToken', 'next_page_token'] },
  ],
};

const cursorKnownPlaces = ['cursor', 'next_cursor', 'max_cursor', 'nextCursor', 'pagination.cursor', 'page_info.end_cursor'];

export const OPERATIONS: readonly OperationSpec[] = [
  {
    id: 'shortvideo/search',
    platform: 'shortvideo',
    path: 'search',
    endpoint: 'search',
    title: 'Search videos',
    summary: 'Videos matching a keyword.',
    caveats: ['Region sets the location of the proxy the service searches from.'],
    params: [
      { name: 'query', label: 'Keyword', type: 'string', required: true },
      {
        name: 'date_posted',
        label: 'Posted',
        type: 'enum',
        values: ['yesterday', 'this-week', 'this-month', 'last-3-months', 'last-6-months', 'all-time'],
        unnamedInSpec: true,
      },
      { name: 'sort_by', label: 'Sort by', type: 'enum', values: ['relevance', 'like_count', 'date_posted'], unnamedInSpec: true },
      { name: 'cursor', label: 'Cursor', type: 'integer', unnamedInSpec: true, help: 'Filled in by “Load more”.' },
      region(false, 'Two-letter country code of the proxy location.'),
      trimFlag,
    ],
    trim: true,
    constraints: [],
    pagination: { documented: true, feeds: [{ param: 'cursor', documentedAt: ['cursor'], alsoLookAt: cursorKnownPlaces }] },
    transcripts: false,
  },
  {
    id: 'shortvideo/video',
    platform: 'shortvideo',
    path: 'video',
    endpoint: 'video',
    title: 'Video details',
    summary: 'Details of one video, optionally with its transcript.',
    caveats: ['If no response comes back (for videos from some countries), set a region.'],
    params: [
      url('Video URL'),
      { name: 'get_transcript', label: 'Also fetch the transcript', type: 'boolean', unnamedInSpec: true },
      region(false, 'Two-letter country code; set it when no response comes back.'),
      trimFlag,
    ],
    trim: true,
    constraints: [],
    pagination: null,
    transcripts: true,
  },
  {
    id: 'shortvideo/search/hashtag',
    platform: 'shortvideo',
    path: 'search/hashtag',
    endpoint: 'search-hashtag',
    title: 'Videos by hashtag',
    summary: 'Videos carrying a hashtag.',
    caveats: [],
    params: [
      { name: 'hashtag', label: 'Hashtag (without #)', type: 'string', required: true, format: 'hashtag' },
      region(false, 'Two-letter country code of the proxy location.'),
      { name: 'cursor', label: 'Cursor', type: 'integer', unnamedInSpec: true, help: 'Filled in by “Load more”.' },
      trimFlag,
    ],
    trim: true,
    constraints: [],
    // The spec does not show where the cursor sits in this response.
    pagination: { documented: false, feeds: [{ param: 'cursor', documentedAt: [], alsoLookAt: cursorKnownPlaces }] },
    transcripts: false,
  },
  {
    id: 'shortvideo/trending',
    platform: 'shortvideo',
    path: 'trending',
    endpoint: 'trending',
    title: 'Trending feed',
    summary: 'The trending feed as seen from a region.',
    caveats: ['The region changes what you get: content not blocked there, not only content from there.'],
    params: [region(true, 'Two-letter country code of the proxy location.'), trimFlag],
    trim: true,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'videosite/search',
    platform: 'videosite',
    path: 'search',
    endpoint: 'search',
    title: 'Search',
    summary: 'Videos, channels, playlists, shorts and live streams matching a query.',
    caveats: ['The “shorts” filter works only with a query, and not together with upload date or sort.'],
    params: [
      { name: 'query', label: 'Query', type: 'string', required: true },
      { name: 'uploadDate', label: 'Uploaded', type: 'enum', values: ['today', 'this_week', 'this_month', 'this_year'] },
      { name: 'sortBy', label: 'Sort by', type: 'enum', values: ['relevance', 'popular'] },
      { name: 'filter', label: 'Filter', type: 'enum', values: ['shorts', 'all'], unnamedInSpec: true },
      continuation,
      extras,
    ],
    trim: false,
    constraints: [
      {
        kind: 'dependsOn',
        param: 'filter',
        requires: ['query'],
        excludes: ['uploadDate', 'sortBy'],
        message: 'The filter works only with a query, and not together with upload date or sort.',
      },
    ],
    pagination: continuationPaging,
    transcripts: false,
  },
  {
    id: 'videosite/channel/videos',
    platform: 'videosite',
    path: 'channel/videos',
    endpoint: 'channel-videos',
    title: 'Channel videos',
    summary: 'All videos of a channel, by channel id or handle.',
    caveats: [],
    params: [
      { name: 'channelId', label: 'Channel id', type: 'string' },
      { name: 'handle', label: 'Channel handle', type: 'string', format: 'handle' },
      { name: 'sort', label: 'Sort', type: 'enum', values: ['latest', 'popular'], unnamedInSpec: true },
      continuation,
      extras,
    ],
    trim: false,
    constraints: [{ kind: 'oneOf', params: ['channelId', 'handle'], message: 'Give the channel id or the channel handle.' }],
    pagination: continuationPaging,
    transcripts: false,
  },
  {
    id: 'videosite/search/hashtag',
    platform: 'videosite',
    path: 'search/hashtag',
    endpoint: 'search-hashtag',
    title: 'Videos by hashtag',
    summary: 'Videos carrying a hashtag.',
    caveats: [],
    params: [
      { name: 'hashtag', label: 'Hashtag (without #)', type: 'string', required: true, format: 'hashtag' },
      continuation,
      { name: 'type', label: 'Content type', type: 'enum', values: ['all', 'shorts'], unnamedInSpec: true },
    ],
    trim: false,
    constraints: [],
    pagination: continuationPaging,
    transcripts: false,
  },
  {
    id: 'videosite/transcript',
    platform: 'videosite',
    path: 'transcript',
    endpoint: 'transcript',
    title: 'Transcript',
    summary: 'The transcript of a video or short.',
    caveats: ['When no transcript exists in the requested language, the answer says so (no transcript) rather than failing.'],
    params: [
      url('Video or short URL'),
      {
        name: 'language',
        label: 'Language',
        type: 'string',
        format: 'languageCode',
        unnamedInSpec: true,
        help: 'Two-letter language code.',
      },
    ],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: true,
  },
  {
    id: 'videosite/video',
    platform: 'videosite',
    path: 'video',
    endpoint: 'video',
    title: 'Video details',
    summary: 'Complete details of a video or short, with its transcript when available.',
    caveats: [],
    params: [url('Video or short URL')],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: true,
  },
  {
    id: 'videosite/trending',
    platform: 'videosite',
    path: 'trending',
    endpoint: 'trending',
    title: 'Trending shorts',
    summary: 'About 48 trending shorts per call; each call returns new ones.',
    caveats: ['Each call returns about 48 new shorts.'],
    params: [],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'photoshare/post',
    platform: 'photoshare',
    path: 'post',
    endpoint: 'post',
    title: 'Post or reel',
    summary: 'Details of a public post or reel.',
    caveats: ['Play counts cover this network only and can be inaccurate.'],
    params: [url('Post or reel URL'), trimFlag],
    trim: true,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'photoshare/user/reels',
    platform: 'photoshare',
    path: 'user/reels',
    endpoint: 'user-reels',
    title: 'Profile reels',
    summary: 'Public reels of a profile (pinned reels excluded; descriptions come from the post operation).',
    caveats: ['Pinned reels are not included, and reels come without their description.'],
    params: [
      { name: 'user_id', label: 'User id (faster)', type: 'string' },
      { name: 'handle', label: 'Handle', type: 'string', format: 'handle' },
      { name: 'max_id', label: 'Page marker', type: 'string', help: 'Filled in by “Load more”.' },
      trimFlag,
    ],
    trim: true,
    constraints: [{ kind: 'oneOf', params: ['user_id', 'handle'], message: 'Give the user id (faster) or the handle.' }],
    // The spec does not show where max_id sits in the response.
    pagination: {
      documented: false,
      feeds: [
        {
          param: 'max_id',
          documentedAt: [],
          alsoLookAt: ['max_id', 'next_max_id', 'paging_info.max_id', 'pagination.max_id', 'end_cursor'],
        },
      ],
    },
    transcripts: false,
  },
  {
    id: 'microblog/user/posts',
    platform: 'microblog',
    path: 'user/posts',
    endpoint: 'user-posts',
    title: 'User posts',
    summary: 'Posts of a user, by handle or by user id (did:…, faster).',
    caveats: [],
    params: [
      { name: 'handle', label: 'Handle', type: 'string', format: 'handle', unnamedInSpec: true },
      { name: 'user_id', label: 'User id (did:…, faster)', type: 'string', format: 'did', unnamedInSpec: true },
    ],
    trim: false,
    constraints: [{ kind: 'oneOf', params: ['handle', 'user_id'], message: 'Give the handle or the user id (did:…).' }],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'microblog/post',
    platform: 'microblog',
    path: 'post',
    endpoint: 'post',
    title: 'Post',
    summary: 'One post.',
    caveats: [],
    params: [url('Post URL')],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'professional/post',
    platform: 'professional',
    path: 'post',
    endpoint: 'post',
    title: 'Post or article',
    summary: 'One public post or article.',
    caveats: [],
    params: [url('Post or article URL')],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'pinboard/pin',
    platform: 'pinboard',
    path: 'pin',
    // The spec's list of meta.endpoint values has none for pins.
    endpoint: null,
    title: 'Pin',
    summary: 'One pin.',
    caveats: [],
    params: [url('Pin URL'), trimFlag],
    trim: true,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'socialnet/user/reels',
    platform: 'socialnet',
    path: 'user/reels',
    endpoint: 'user-reels',
    title: 'Page reels',
    summary: 'Reels of a public page, 10 per call.',
    caveats: ['10 reels per call; “Load more” needs both page values from the previous answer.'],
    params: [
      url('Page URL'),
      { name: 'next_page_id', label: 'Next page id', type: 'string', help: 'Filled in by “Load more”.' },
      { name: 'cursor', label: 'Cursor', type: 'string', help: 'Filled in by “Load more”.' },
    ],
    trim: false,
    constraints: [
      {
        kind: 'dependsOn',
        param: 'next_page_id',
        requires: ['cursor'],
        message: 'The next page needs both the next page id and the cursor.',
      },
      {
        kind: 'dependsOn',
        param: 'cursor',
        requires: ['next_page_id'],
        message: 'The next page needs both the next page id and the cursor.',
      },
    ],
    // The spec names both values but not where they sit in the response.
    pagination: {
      documented: false,
      feeds: [
        {
          param: 'next_page_id',
          documentedAt: [],
          alsoLookAt: ['next_page_id', 'nextPageId', 'page_info.next_page_id', 'paging.next_page_id'],
        },
        { param: 'cursor', documentedAt: [], alsoLookAt: ['cursor', 'next_cursor', 'page_info.cursor', 'paging.cursor'] },
      ],
    },
    transcripts: false,
  },
  {
    id: 'forum/subreddit/search',
    platform: 'forum',
    path: 'subreddit/search',
    endpoint: 'subreddit-search',
    title: 'Search a community',
    summary: 'Posts, comments or media inside one community.',
    caveats: ['Give the community name only: not r/name and not a link.'],
    params: [
      { name: 'subreddit', label: 'Community name', type: 'string', required: true, format: 'community' },
      { name: 'query', label: 'Search text', type: 'string', unnamedInSpec: true },
      {
        name: 'filter',
        label: 'Look for',
        type: 'enum',
        values: ['posts', 'comments', 'media'],
        help: 'Posts unless you choose otherwise.',
      },
    ],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
  {
    id: 'tweetsite/transcript',
    platform: 'tweetsite',
    path: 'transcript',
    endpoint: 'transcript',
    title: 'Video message transcript',
    summary: 'Speech-recognition transcript of a video message.',
    caveats: ['Produced by automatic speech recognition, so it is slow.'],
    params: [url('Message URL')],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: true,
    slow: true,
  },
  {
    id: 'tweetsite/user/tweets',
    platform: 'tweetsite',
    path: 'user/tweets',
    endpoint: 'user-tweets',
    title: 'Profile messages',
    summary: 'Up to 100 of a profile’s most popular messages.',
    caveats: ['These are the most popular 100 messages, not the latest.'],
    params: [{ name: 'handle', label: 'Handle', type: 'string', required: true, format: 'handle' }],
    trim: false,
    constraints: [],
    pagination: null,
    transcripts: false,
  },
];

const BY_ID = new Map<string, OperationSpec>(OPERATIONS.map((op) => [op.id, op]));

export const isOperationId = (value: unknown): value is OperationId => typeof value === 'string' && BY_ID.has(value);

export function getOperation(id: OperationId): OperationSpec {
  const op = BY_ID.get(id);
  if (!op) throw new Error(`Unknown operation ${id}`);
  return op;
}

/** `videosite` + `channel/videos` → the operation, or undefined. */
export function findOperation(platform: string, path: string): OperationSpec | undefined {
  return BY_ID.get(`${platform}/${path.replace(/^\/+|\/+$/g, '')}`);
}

export const operationsOf = (platform: Platform): OperationSpec[] => OPERATIONS.filter((op) => op.platform === platform);

/** The default request path of an operation, relative to the base URL. */
export const defaultPathOf = (op: OperationSpec): string => `/api/v1/partner/${op.platform}/${op.path}`;

/** All `meta.endpoint` values the spec lists. */
export const SPEC_ENDPOINT_VALUES = [
  'search',
  'channel-videos',
  'search-hashtag',
  'transcript',
  'video',
  'trending',
  'user-posts',
  'post',
  'user-reels',
  'subreddit-search',
  'user-tweets',
] as const;
