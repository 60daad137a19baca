/** The image pinboard: single pins. */
import type { PlatformModule } from '../platform-module';
import { normalisePinboard } from './normalise';
import { pinboardUrls } from './urls';

export const pinboard: PlatformModule = { platform: 'pinboard', urls: pinboardUrls, normalise: normalisePinboard };
