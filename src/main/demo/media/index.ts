/**
 * The media files of demo answers, served by the demo service itself. An answer is built with
 * origin-free media addresses (`https://media.<platform>.example/<path>`, sample-urls.ts); when
 * the service sends it, each such address is placed on the service's own origin as
 * `<origin>/media/<platform>/<path>`, and a GET there answers a small file made from the path:
 * the same path, the same bytes, on any run. So the app loads nothing from a real platform, and a
 * case bundle made on the demo holds real media files.
 */
import { hashOf } from '../random';
import { PAGE_HOSTS } from '../responses/sample-urls';
import { flatJpeg, flatPng } from './images';
import { silentMp3, silentMp4 } from './sound';

export const MEDIA_ROUTE = '/media/';

const PLATFORMS = new Set<string>(Object.keys(PAGE_HOSTS));
const PLACEHOLDER = /^https:\/\/media\.([a-z]+)\.example\/(.*)$/s;

/** The address as a client of the service at `origin` gets it (others unchanged). */
function onOrigin(address: string, origin: string): string {
  const found = address.match(PLACEHOLDER);
  if (!found || !PLATFORMS.has(found[1]!)) return address;
  return `${origin}${MEDIA_ROUTE}${found[1]!}/${found[2]!}`;
}

/** A copy of an answer's data with every media address on `origin` (the data, maybe shared, is not changed). */
export function placeMediaOn<T>(data: T, origin: string): T {
  const place = (value: unknown): unknown => {
    if (typeof value === 'string') return value.startsWith('https://media.') ? onOrigin(value, origin) : value;
    if (Array.isArray(value)) return value.map(place);
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, place(inner)]));
    return value;
  };
  return place(data) as T;
}

export interface MediaFile {
  contentType: string;
  body: Buffer;
}

/**
 * The file at a path under MEDIA_ROUTE, or null when there is none. Images are flat squares in
 * a shade of the path; sound and video are 20 to 40 frames of silence. WebP is answered with a
 * PNG (and says so in its content type): the demo does not encode WebP.
 */
export function mediaFileAt(pathname: string): MediaFile | null {
  if (!pathname.startsWith(MEDIA_ROUTE)) return null;
  const rest = pathname.slice(MEDIA_ROUTE.length);
  const slash = rest.indexOf('/');
  const platform = rest.slice(0, slash);
  const path = rest.slice(slash + 1);
  if (slash <= 0 || !PLATFORMS.has(platform) || path === '') return null;
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const shade = hashOf('demo-media', platform, path);
  switch (extension) {
    case 'jpg':
    case 'jpeg': {
      const level = 40 + (shade % 176);
      return { contentType: 'image/jpeg', body: flatJpeg(level === 128 ? 129 : level) };
    }
    case 'png':
    case 'webp':
      return { contentType: 'image/png', body: flatPng(shade & 0xff, (shade >>> 8) & 0xff, (shade >>> 16) & 0xff) };
    case 'mp3':
      return { contentType: 'audio/mpeg', body: silentMp3(20 + (shade % 21)) };
    case 'mp4':
      return { contentType: 'video/mp4', body: silentMp4(20 + (shade % 21)) };
    default:
      return null;
  }
}
