/**
 * The link a single-item request asked for, in the URL table's canonical form: what a later paste
 * of the same link is matched on. A share or short link (vm.tiktok.com/…, pin.it/…, youtu.be/…)
 * names no item the library can look up, so the answer's item is remembered under it.
 */
import { getOperation, type OperationId } from '../../../../shared/catalogue';
import type { Platform } from '../../../../shared/platforms';
import { recogniseUrl } from '../recognise-url';
import { LISTING_KINDS } from '../url-patterns';

export interface AskedLink {
  platform: Platform;
  link: string;
}

/**
 * The canonical link of a request's `url` parameter when that link is one item of the operation's
 * platform (the video of a transcript request too), not a listing: a channel's or a page's link
 * stands for its videos, not for one of them.
 */
export function askedItemLink(operation: OperationId, params: Readonly<Record<string, string>>): AskedLink | null {
  const asked = askedItem(operation, params);
  return asked && { platform: asked.platform, link: asked.link };
}

/** The item a single-item request asked for: its link, and its native id when the link names one (a share link does not). */
export interface AskedItem extends AskedLink {
  nativeId: string | null;
}

/** askedItemLink, with the native id the URL table reads from the link. */
export function askedItem(operation: OperationId, params: Readonly<Record<string, string>>): AskedItem | null {
  const url = params.url;
  if (typeof url !== 'string' || url === '') return null;
  const recognition = recogniseUrl(url);
  if (!recognition.ok || LISTING_KINDS.has(recognition.kind) || recognition.platform !== getOperation(operation).platform) return null;
  return { platform: recognition.platform, link: recognition.canonicalUrl, nativeId: recognition.nativeId ?? null };
}
