/** The professional network: posts and articles. */
import type { PlatformModule } from '../platform-module';
import { normaliseProfessional } from './normalise';
import { professionalUrls } from './urls';

export const professional: PlatformModule = { platform: 'professional', urls: professionalUrls, normalise: normaliseProfessional };
