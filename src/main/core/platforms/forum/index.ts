/** The community forum: searches inside one community. */
import type { PlatformModule } from '../platform-module';
import { normaliseForum } from './normalise';
import { forumUrls } from './urls';

export const forum: PlatformModule = { platform: 'forum', urls: forumUrls, normalise: normaliseForum };
