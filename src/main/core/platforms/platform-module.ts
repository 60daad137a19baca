import type { Platform } from '../../../shared/catalogue';
import type { Normaliser } from '../../../shared/model';
import type { PlatformUrlPatterns } from './url-rules';

/** Everything Gleaner knows about one platform beyond the catalogue: its links and how to read its answers. */
export interface PlatformModule {
  readonly platform: Platform;
  /** Its hosts, link patterns and the neutral words for it in sentences. */
  readonly urls: PlatformUrlPatterns;
  /** Reads a response of one of its operations into the common model. */
  readonly normalise: Normaliser;
  /**
   * Whether two native ids name one item where the platform spells one item's id more than one
   * way (an account's handle or its DID); without it, ids name one item when they are equal.
   */
  readonly sameItem?: (asked: string, answered: string) => boolean;
}
