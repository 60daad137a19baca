/** The decentralized microblog: posts and a user's posts. */
import type { PlatformModule } from '../platform-module';
import { normaliseMicroblog } from './normalise';
import { microblogUrls } from './urls';

export const microblog: PlatformModule = { platform: 'microblog', urls: microblogUrls, normalise: normaliseMicroblog };
