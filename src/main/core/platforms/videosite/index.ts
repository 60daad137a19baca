/** The video site: long-form videos, shorts, channels, hashtags and transcripts. */
import type { PlatformModule } from '../platform-module';
import { normaliseVideosite } from './normalise';
import { videositeUrls } from './urls';

export const videosite: PlatformModule = { platform: 'videosite', urls: videositeUrls, normalise: normaliseVideosite };
