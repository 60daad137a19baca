/** The photo-sharing network: posts, reels and a profile's reels. */
import type { PlatformModule } from '../platform-module';
import { normalisePhotoshare } from './normalise';
import { photoshareUrls } from './urls';

export const photoshare: PlatformModule = { platform: 'photoshare', urls: photoshareUrls, normalise: normalisePhotoshare };
