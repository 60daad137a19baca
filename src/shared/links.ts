/**
 * Links to the outside world, shared by the renderer and the exporters. Platform data is
 * untrusted: only https: URLs ever become links (never javascript:, data:, file: or plain
 * http:), and a transcript timestamp becomes a link only where Gleaner knows how the platform
 * expresses "start at".
 */

/** The URL, normalised, when it is a well-formed https: URL; otherwise null. */
export function safeHttpsUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null;
  return url.href;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The video site's watch URL for an item, from its URL (watch, shorts, live, embed, short link) or its id. */
export function videoSiteWatchUrl(rawUrl: string | null | undefined, nativeId: string | null | undefined): string | null {
  const safe = safeHttpsUrl(rawUrl);
  if (safe) {
    const url = new URL(safe);
    const host = url.hostname.toLowerCase();
    if (host === 'youtu.be') {
      const id = url.pathname.split('/')[1] ?? '';
      if (VIDEO_ID.test(id)) return `https://www.youtube.com/watch?v=${id}`;
    } else if (host === 'youtube.com' || host.endsWith('.youtube.com')) {
      if (url.pathname === '/watch' && VIDEO_ID.test(url.searchParams.get('v') ?? '')) {
        return `https://${host}/watch?v=${url.searchParams.get('v')!}`;
      }
      const match = url.pathname.match(/^\/(?:shorts|live|embed)\/([A-Za-z0-9_-]+)/);
      if (match && VIDEO_ID.test(match[1]!)) return `https://${host}/watch?v=${match[1]!}`;
      // A channel or a playlist has no moment to open at.
      return null;
    }
  }
  if (nativeId && VIDEO_ID.test(nativeId) && (!rawUrl || safe)) return `https://www.youtube.com/watch?v=${nativeId}`;
  return null;
}

/**
 * The base a transcript moment is appended to, or null where the platform has no such link.
 * Exporters compute it once per transcript and call `atSecond` per segment.
 */
export function timestampBase(item: { platform: string; url: string | null; nativeId?: string | null }): string | null {
  if (item.platform !== 'videosite') return null;
  return videoSiteWatchUrl(item.url, item.nativeId ?? null);
}

/** `base` opened at `ms` (video-site watch URLs take `&t=<seconds>s`). */
export const atMoment = (base: string, ms: number): string => `${base}&t=${Math.max(0, Math.floor(ms / 1000))}s`;

/**
 * A link that opens the source at a moment of its transcript, or null where the platform has
 * no such link. Video-site items get `&t=<seconds>s` on their watch URL.
 */
export function timestampUrl(item: { platform: string; url: string | null; nativeId?: string | null }, ms: number): string | null {
  const base = timestampBase(item);
  return base === null ? null : atMoment(base, ms);
}
