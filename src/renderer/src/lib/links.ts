/** The link rules live in src/shared/links.ts, so exports and the views build the same links. */
export { safeHttpsUrl, timestampUrl, videoSiteWatchUrl } from '../../../shared/links';
