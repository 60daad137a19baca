/** The social network: the reels of public pages. */
import type { PlatformModule } from '../platform-module';
import { normaliseSocialnet } from './normalise';
import { socialnetUrls } from './urls';

export const socialnet: PlatformModule = { platform: 'socialnet', urls: socialnetUrls, normalise: normaliseSocialnet };
