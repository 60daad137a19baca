/** Links of the image pinboard: its hosts, and which of its pages each operation fetches. */
import { FEED_PAGE, HOME_PAGE, reject, SEARCH_PAGE_NO_SEARCH, type PlatformUrlPatterns } from '../url-rules';

export const pinboardUrls: PlatformUrlPatterns = {
  platform: 'pinboard',
  description: 'image pinboard',
  hosts: [
    'pinterest.com',
    'www.pinterest.com',
    // Country subdomains such as uk., de., br., and the country domains below serve the same pins.
    '*.pinterest.com',
    'pinterest.co.uk',
    'pinterest.ca',
    'pinterest.com.au',
    'pinterest.com.mx',
    'pinterest.de',
    'pinterest.fr',
    'pinterest.es',
    'pinterest.it',
    'pinterest.pt',
    'pinterest.at',
    'pinterest.ch',
    'pinterest.ie',
    'pinterest.nz',
    'pinterest.se',
    'pinterest.dk',
    'pinterest.jp',
    'pinterest.co.kr',
    'pinterest.cl',
    'pinterest.ph',
    'pinterest.ru',
  ],
  shortLinkHosts: ['pin.it'],
  reservedWords: ['search', 'ideas', 'today', 'login', 'business', 'settings', 'pin', 'categories', 'explore', '_'],
  captures: {
    // Newer pin URLs carry a readable slug before the id: /pin/some-title--123456/.
    pinSlug: '(?:[^/]*--)?',
    pinId: '[A-Za-z0-9_-]{1,40}',
    shortCode: '[A-Za-z0-9]{4,20}',
  },
  rules: [
    {
      onHosts: ['pin.it'],
      path: '/{shortCode}',
      then: { operation: 'pinboard/pin', kind: 'pin', canonical: 'https://pin.it/{shortCode}', params: { url: '{canonicalUrl}' } },
    },
    {
      // Shared pins often end in /sent/?invite_code=..., so anything after the id is accepted.
      path: '/pin/{pinSlug}{pinId}/**',
      then: {
        operation: 'pinboard/pin',
        kind: 'pin',
        canonical: 'https://www.pinterest.com/pin/{pinId}/',
        params: { url: '{canonicalUrl}' },
        nativeId: 'pinId',
      },
    },
    { path: '/search/**', then: reject(SEARCH_PAGE_NO_SEARCH) },
    { path: '/ideas/**', then: reject(FEED_PAGE) },
    { path: '/today/**', then: reject(FEED_PAGE) },
    { path: '/', then: reject(HOME_PAGE) },
  ],
  unmatchedReason: 'Only single pins can be fetched from the {platform}; this looks like a board, profile or other page.',
};
