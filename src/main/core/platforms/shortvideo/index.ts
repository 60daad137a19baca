/** The short-video app: videos (with transcripts on request), searches, hashtags and the trending feed. */
import type { PlatformModule } from '../platform-module';
import { normaliseShortvideo } from './normalise';
import { shortvideoUrls } from './urls';

export const shortvideo: PlatformModule = { platform: 'shortvideo', urls: shortvideoUrls, normalise: normaliseShortvideo };
