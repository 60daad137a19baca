/**
 * The media of a bundle's items (setting `bundle.media`): the thumbnails, media files and
 * downloads at the addresses the service gave, fetched when the bundle is made, each with its
 * role, SHA-256 and fetch time in media.json. All thumbnails come first, then the media files,
 * then the downloads, so a tight size cap (`bundle.media-cap-mb`, for all media together) keeps
 * the small thumbnails. Only http(s) addresses; redirects are followed (CDNs answer with them)
 * but only to http(s) addresses, and the address the bytes came from is recorded when it is
 * not the one given. Each file has a time limit; its bytes are read as a stream and stop at the cap.
 */
import { createHash } from 'node:crypto';
import { BUNDLE_FILES } from './layout';
import type { BundleZipWriter, WrittenFile } from './zip-writer';

export interface MediaSummary {
  fetched: number;
  failed: number;
  skipped: number;
  bytes: number;
  capBytes: number;
}

/** What an item names of its media; `mediaUrl` and `downloadUrl` are its extras of those names. */
export interface ItemMediaAddresses {
  id: number;
  thumbnailUrl: string | null;
  mediaUrl?: string | null;
  downloadUrl?: string | null;
}

export interface MediaCapture {
  capture(
    zip: BundleZipWriter,
    items: Iterable<ItemMediaAddresses>,
    checkCancelled: () => void,
  ): Promise<{ files: WrittenFile[]; summary: MediaSummary }>;
}

/** In the order they are fetched. */
export const MEDIA_ROLES = ['thumbnail', 'media', 'download'] as const;
export type MediaRole = (typeof MEDIA_ROLES)[number];

/** What became of one address: the file it gave, or why there is none. */
interface MediaOutcome {
  file: string | null;
  sha256: string | null;
  bytes: number | null;
  content_type: string | null;
  fetched_at: string | null;
  /** The address the bytes came from after redirects; null when it is `url` itself. */
  fetched_from: string | null;
  problem: string | null;
}

/** One line of media.json (older bundles have no `role` nor `fetched_from`: all were thumbnails). */
export interface MediaRecord extends MediaOutcome {
  role: MediaRole;
  url: string;
  item_ids: number[];
}

const EXTENSIONS = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
  ['audio/mpeg', 'mp3'],
]);

/** More hops than a CDN needs; a loop stops here. */
const MAX_REDIRECTS = 10;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface MediaCaptureOptions {
  fetch: typeof fetch;
  now: () => string;
  capBytes: number;
  timeoutMs?: number;
}

/** A reason an address gave no file, as media.json states it. */
class MediaProblem extends Error {}

const isHttp = (url: URL) => url.protocol === 'http:' || url.protocol === 'https:';

/** The bytes of a response, or null once they pass `limit` (the rest is not read). */
async function readCapped(response: Response, limit: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

type FetchFollowing = (start: URL, signal: AbortSignal) => Promise<{ response: Response; from: URL }>;

const isTimeout = (error: unknown) => error instanceof Error && error.name === 'TimeoutError';

/**
 * GET `start`, following redirects by hand: the fetch's own following would take any scheme
 * its implementation allows and would not say where the bytes came from.
 */
async function followByHand(fetchFn: typeof fetch, start: URL, signal: AbortSignal): Promise<{ response: Response; from: URL }> {
  let current = start;
  for (let hops = 0; ; hops += 1) {
    const response = await fetchFn(current.href, { signal, redirect: 'manual' });
    if (!REDIRECT_STATUSES.has(response.status)) return { response, from: current };
    await response.body?.cancel().catch(() => undefined);
    const location = response.headers.get('location');
    if (location === null) throw new MediaProblem(`the server answered ${response.status} without a Location to go to`);
    if (hops >= MAX_REDIRECTS) throw new MediaProblem(`more than ${MAX_REDIRECTS} redirects`);
    const next = URL.canParse(location, current.href) ? new URL(location, current) : null;
    if (!next) throw new MediaProblem('redirected to something that is not an address');
    if (!isHttp(next)) throw new MediaProblem(`redirected to an address that is not http(s) (${next.protocol.slice(0, 20)})`);
    current = next;
  }
}

/** GET `start` with the fetch's own following; the address it ended at is the one it reports, when it does. */
async function followByFetch(fetchFn: typeof fetch, start: URL, signal: AbortSignal): Promise<{ response: Response; from: URL }> {
  const response = await fetchFn(start.href, { signal, redirect: 'follow' });
  const reported = response.url && URL.canParse(response.url) ? new URL(response.url) : null;
  if (reported && !isHttp(reported)) {
    await response.body?.cancel().catch(() => undefined);
    throw new MediaProblem(`redirected to an address that is not http(s) (${reported.protocol.slice(0, 20)})`);
  }
  return { response, from: reported ?? start };
}

/** How Electron's net.fetch fails a request in 'manual' mode at its first redirect, rather than give it back. */
const REDIRECT_CANCELLED = /redirect was cancelled/i;

/**
 * Follows by hand while the fetch allows it; after a fetch has cancelled a redirect (Electron's
 * net.fetch), its own following is used instead (Chromium refuses unsafe targets such as file:).
 */
function createFollower(fetchFn: typeof fetch): FetchFollowing {
  let byHand = true;
  return async (start, signal) => {
    if (!byHand) return followByFetch(fetchFn, start, signal);
    try {
      return await followByHand(fetchFn, start, signal);
    } catch (error) {
      if (!(error instanceof Error) || !REDIRECT_CANCELLED.test(error.message)) throw error;
      byHand = false;
      return followByFetch(fetchFn, start, signal);
    }
  };
}

/** The addresses to fetch, each with its role and items, thumbnails first; a Map, since an address is the platform's text. */
function addressesByRole(items: Iterable<ItemMediaAddresses>): Map<string, number[]>[] {
  const byRole = MEDIA_ROLES.map(() => new Map<string, number[]>());
  const add = (role: number, url: string | null | undefined, id: number) => {
    if (!url) return;
    const ids = byRole[role]!.get(url);
    if (ids) ids.push(id);
    else byRole[role]!.set(url, [id]);
  };
  for (const item of items) {
    add(0, item.thumbnailUrl, item.id);
    add(1, item.mediaUrl, item.id);
    // The same file under a second name is not fetched twice.
    if (item.downloadUrl !== item.mediaUrl) add(2, item.downloadUrl, item.id);
  }
  return byRole;
}

const emptyOutcome = (problem: string): MediaOutcome => ({
  file: null,
  sha256: null,
  bytes: null,
  content_type: null,
  fetched_at: null,
  fetched_from: null,
  problem,
});

export function createMediaCapture(options: MediaCaptureOptions): MediaCapture {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return {
    async capture(zip, items, checkCancelled) {
      const byRole = addressesByRole(items);
      const records: MediaRecord[] = [];
      const files: WrittenFile[] = [];
      const summary: MediaSummary = { fetched: 0, failed: 0, skipped: 0, bytes: 0, capBytes: options.capBytes };
      // An address named in two roles (a thumbnail that is also the media file) is fetched once.
      const outcomes = new Map<string, MediaOutcome>();
      const follow = createFollower(options.fetch);
      let index = 0;

      const fetchOne = async (url: string): Promise<MediaOutcome> => {
        const parsed = URL.canParse(url) ? new URL(url) : null;
        if (!parsed || !isHttp(parsed)) {
          summary.skipped += 1;
          return emptyOutcome('not an http(s) address');
        }
        const remaining = options.capBytes - summary.bytes;
        if (remaining <= 0) {
          summary.skipped += 1;
          return emptyOutcome('the media size cap was reached');
        }
        try {
          const { response, from } = await follow(parsed, AbortSignal.timeout(timeoutMs));
          if (!response.ok) {
            await response.body?.cancel().catch(() => undefined);
            throw new Error(`the server answered ${response.status}`);
          }
          const fetchedAt = options.now();
          const bytes = await readCapped(response, remaining);
          if (bytes === null) {
            summary.skipped += 1;
            return emptyOutcome('larger than what is left of the media size cap');
          }
          const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
          index += 1;
          const path = `${BUNDLE_FILES.mediaFolder}${String(index).padStart(6, '0')}.${EXTENSIONS.get(contentType) ?? 'bin'}`;
          files.push(await zip.add(path, bytes));
          summary.fetched += 1;
          summary.bytes += bytes.length;
          return {
            file: path,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            bytes: bytes.length,
            content_type: contentType || null,
            fetched_at: fetchedAt,
            fetched_from: from.href === parsed.href ? null : from.href,
            problem: null,
          };
        } catch (error) {
          summary.failed += 1;
          if (error instanceof MediaProblem) return emptyOutcome(error.message);
          return emptyOutcome(
            isTimeout(error) ? 'no answer in time' : `could not be fetched (${error instanceof Error ? error.message : String(error)})`,
          );
        }
      };

      for (const [roleIndex, addresses] of byRole.entries()) {
        for (const [url, itemIds] of addresses) {
          checkCancelled();
          let outcome = outcomes.get(url);
          if (!outcome) {
            outcome = await fetchOne(url);
            outcomes.set(url, outcome);
          }
          records.push({ role: MEDIA_ROLES[roleIndex]!, url, item_ids: itemIds, ...outcome });
        }
      }
      files.push(await zip.add(BUNDLE_FILES.media, `${JSON.stringify(records, null, 1)}\n`));
      return { files, summary };
    },
  };
}
