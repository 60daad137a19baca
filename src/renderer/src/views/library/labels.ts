/** Human wording for platform values in the Library and the item detail. */
import { PLATFORMS, PLATFORM_LABELS, kindLabel, type Platform } from '../../../../shared/catalogue';

export { kindLabel };

export const platformLabel = (platform: string): string =>
  (PLATFORMS as readonly string[]).includes(platform) ? PLATFORM_LABELS[platform as Platform] : platform;

/** The counts an item can carry, in the order the item detail shows them. */
export const METRICS = [
  ['views', 'Views'],
  ['likes', 'Likes'],
  ['comments', 'Comments'],
  ['reposts', 'Reposts'],
  ['shares', 'Shares'],
  ['followers', 'Followers'],
] as const;
