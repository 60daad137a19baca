/** The short-message site: a profile's messages and video-message transcripts. */
import type { PlatformModule } from '../platform-module';
import { normaliseTweetsite } from './normalise';
import { tweetsiteUrls } from './urls';

export const tweetsite: PlatformModule = { platform: 'tweetsite', urls: tweetsiteUrls, normalise: normaliseTweetsite };
