/**
 * The one table of platform modules. The normaliser dispatches through it; the recogniser reads
 * the same modules' link data through url-patterns.ts, since normalisers themselves recognise
 * links and so cannot sit below the recogniser.
 */
import { PLATFORMS, type Platform } from '../../../shared/catalogue';
import { forum } from './forum';
import { microblog } from './microblog';
import { photoshare } from './photoshare';
import type { PlatformModule } from './platform-module';
import { pinboard } from './pinboard';
import { professional } from './professional';
import { shortvideo } from './shortvideo';
import { socialnet } from './socialnet';
import { tweetsite } from './tweetsite';
import { videosite } from './videosite';

export const PLATFORM_MODULES: Readonly<Record<Platform, PlatformModule>> = {
  videosite,
  shortvideo,
  photoshare,
  microblog,
  professional,
  pinboard,
  socialnet,
  forum,
  tweetsite,
};

/** The modules in the catalogue's platform order. */
export const platformModules = (): PlatformModule[] => PLATFORMS.map((platform) => PLATFORM_MODULES[platform]);
