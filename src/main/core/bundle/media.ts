/**
 * The media of a bundle's items (setting `bundle.media`): the thumbnails and media files at the
 * addresses the service gave, fetched when the bundle is made, each with its SHA-256 and fetch
 * time in media.json. Only http(s) addresses; each request has a time limit; the bytes are read
 * as a stream and stop at the size cap (`bundle.media-cap-mb`, for all media together).
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

export interface MediaCapture {
  capture(
    zip: BundleZipWriter,
    items: Iterable<{ id: number; thumbnailUrl: string | null }>,
    checkCancelled: () => void,
  ): Promise<{ files: WrittenFile[]; summary: MediaSummary }>;
}

interface MediaRecord {
  url: string;
  item_ids: number[];
  file: string | null;
  sha256: string | null;
  bytes: number | null;
  content_type: string | null;
  fetched_at: string | null;
  problem: string | null;
}

const EXTENSIONS = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
  ['video/mp4', 'mp4'],
]);

export interface MediaCaptureOptions {
  fetch: typeof fetch;
  now: () => string;
  capBytes: number;
  timeoutMs?: number;
}

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

export function createMediaCapture(options: MediaCaptureOptions): MediaCapture {
  const timeoutMs = options.timeoutMs ?? 20_000;
  return {
    async capture(zip, items, checkCancelled) {
      // Keyed by the address as given; a Map, since the address is the platform's text.
      const byUrl = new Map<string, number[]>();
      for (const item of items) {
        if (!item.thumbnailUrl) continue;
        const ids = byUrl.get(item.thumbnailUrl);
        if (ids) ids.push(item.id);
        else byUrl.set(item.thumbnailUrl, [item.id]);
      }
      const records: MediaRecord[] = [];
      const files: WrittenFile[] = [];
      const summary: MediaSummary = { fetched: 0, failed: 0, skipped: 0, bytes: 0, capBytes: options.capBytes };
      let index = 0;
      for (const [url, itemIds] of byUrl) {
        checkCancelled();
        const record: MediaRecord = {
          url,
          item_ids: itemIds,
          file: null,
          sha256: null,
          bytes: null,
          content_type: null,
          fetched_at: null,
          problem: null,
        };
        records.push(record);
        const parsed = URL.canParse(url) ? new URL(url) : null;
        if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
          record.problem = 'not an http(s) address';
          summary.skipped += 1;
          continue;
        }
        const remaining = options.capBytes - summary.bytes;
        if (remaining <= 0) {
          record.problem = 'the media size cap was reached';
          summary.skipped += 1;
          continue;
        }
        try {
          const response = await options.fetch(parsed.href, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
          if (!response.ok) {
            await response.body?.cancel().catch(() => undefined);
            throw new Error(`the server answered ${response.status}`);
          }
          const fetchedAt = options.now();
          const bytes = await readCapped(response, remaining);
          if (bytes === null) {
            record.problem = 'larger than what is left of the media size cap';
            summary.skipped += 1;
            continue;
          }
          const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
          index += 1;
          const path = `${BUNDLE_FILES.mediaFolder}${String(index).padStart(6, '0')}.${EXTENSIONS.get(contentType) ?? 'bin'}`;
          const written = await zip.add(path, bytes);
          files.push(written);
          Object.assign(record, {
            file: path,
            sha256: createHash('sha256').update(bytes).digest('hex'),
            bytes: bytes.length,
            content_type: contentType || null,
            fetched_at: fetchedAt,
          });
          summary.fetched += 1;
          summary.bytes += bytes.length;
        } catch (error) {
          record.problem =
            error instanceof Error && error.name === 'TimeoutError'
              ? 'no answer in time'
              : `could not be fetched (${error instanceof Error ? error.message : String(error)})`;
          summary.failed += 1;
        }
      }
      files.push(await zip.add(BUNDLE_FILES.media, `${JSON.stringify(records, null, 1)}\n`));
      return { files, summary };
    },
  };
}
