/**
 * The addresses sample items carry. Item pages use each platform's public web host, as the
 * real service relays them, so Gleaner's URL recognition works on demo items. Media files
 * (thumbnails, videos, avatars) are built on reserved `.example` hosts, which the service
 * replaces with its own origin when it sends an answer (media/index.ts): the demo never makes
 * the app load anything from a real platform, and it serves those files itself.
 */
export const PAGE_HOSTS = {
  videosite: 'https://www.youtube.com',
  shortvideo: 'https://www.tiktok.com',
  photoshare: 'https://www.instagram.com',
  microblog: 'https://bsky.app',
  professional: 'https://www.linkedin.com',
  pinboard: 'https://www.pinterest.com',
  socialnet: 'https://www.facebook.com',
  forum: 'https://www.reddit.com',
  tweetsite: 'https://x.com',
} as const;

export const media = (platform: keyof typeof PAGE_HOSTS, path: string): string => `https://media.${platform}.example/${path}`;

/** The first group of a pattern (one without the g flag) on the URL's path and query, or null. */
export function pathMatch(url: string, pattern: RegExp): string | null {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`.match(pattern)?.[1] ?? null;
  } catch {
    return null;
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/** Lower-case words of a text for URL slugs, ascii only. */
export function slug(text: string, fallback: string): string {
  const words = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words || fallback;
}
