/**
 * The identity an answer gives its items, checked before anything is matched or stored on it.
 * An item is deduplicated, linked and found again by its native id and URL, so an answer that
 * names an item wrongly (an id of path segments, another platform's link, another item than the
 * one asked for) would file what it says under another item. What fails the checks is left out
 * of the item, with a warning; the raw response keeps what the service sent, as it always does.
 */
import { getOperation, PLATFORM_LABELS, type OperationId, type Platform } from '../../../../shared/catalogue';
import type { Normalisation, NormalisedItem, NormalisedTranscript } from '../../../../shared/model';
import { quoteInput } from '../../../../shared/quote-input';
import { askedItem, type AskedItem } from '../read/asked-link';
import { recogniseUrl, usualPlatformOfHost } from '../recognise-url';
import { PLATFORM_MODULES } from '../registry';

/**
 * The longest native id kept: well above any platform's (an at:// uri of a long domain and
 * record key is a few hundred characters), far below text that is not an id.
 */
export const MAX_NATIVE_ID_LENGTH = 512;

/** Visible ASCII without spaces, quotes, angle brackets, braces or backslashes: the characters ids are made of. */
const ID_CHARACTERS = /^[!#-&(-;=?-[\]-_a-z|~]+$/i;
/** A path segment of dots (`..`, `.`): an id is never one, and one that is could walk a path built from it. */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

/** Whether `id` can be an item's native id: non-empty, of id characters, bounded, no dot segments. */
export function isUsableNativeId(id: string): boolean {
  return id.length > 0 && id.length <= MAX_NATIVE_ID_LENGTH && ID_CHARACTERS.test(id) && !DOT_SEGMENT.test(id);
}

/** Whether `url` is an http(s) link on a host the link table knows for `platform`. */
export function isPlatformUrl(url: string, platform: Platform): boolean {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  return host !== '' && usualPlatformOfHost(host) === platform;
}

/** Records' links need no request parameters (RecogniseUrlOptions.withoutParams). */
const LINK_FORM_ONLY = { withoutParams: true } as const;

const sameItem = (platform: Platform, asked: string, answered: string): boolean =>
  PLATFORM_MODULES[platform].sameItem?.(asked, answered) ?? asked === answered;

/** A link spelled from an id (`/watch?v=<id>`): it goes with the id when the id is refused. */
const spelledFrom = (url: string, id: string): boolean => url.includes(id) || url.includes(encodeURIComponent(id));

interface Identity {
  nativeId: string | null;
  url: string | null;
}

/** What was refused of the answer's identities, for the warnings. */
interface Refusals {
  ids: string[];
  urls: string[];
}

/** The identity with an unusable id, and a link not of its platform, left out. */
function checked<T extends Identity>(identity: T, platform: Platform, refused: Refusals): T {
  let { nativeId, url } = identity;
  if (nativeId !== null && !isUsableNativeId(nativeId)) {
    refused.ids.push(nativeId);
    if (url !== null && spelledFrom(url, nativeId)) url = null;
    nativeId = null;
  }
  if (url !== null && !isPlatformUrl(url, platform)) {
    refused.urls.push(url);
    url = null;
  }
  return nativeId === identity.nativeId && url === identity.url ? identity : { ...identity, nativeId, url };
}

/**
 * The asked-for item's identity: the answer's own where it names that item, else the link asked
 * for; and what the answer claimed instead, for the warning.
 */
function asAsked<T extends Identity>(identity: T, original: Identity, asked: AskedItem): { identity: T; claim: string | null } {
  if (asked.nativeId === null) return { identity, claim: null };
  const answered = identity.nativeId;
  const refusedId = original.nativeId !== null && answered === null;
  const refusedUrl = original.url !== null && identity.url === null;
  const otherItem = answered !== null && !sameItem(asked.platform, asked.nativeId, answered);
  // A link the URL table reads as another item's contradicts the answer's id as much as another id does.
  const linked = identity.url === null ? null : recogniseUrl(identity.url, LINK_FORM_ONLY);
  const otherLink =
    linked !== null && linked.ok && linked.nativeId !== undefined && !sameItem(asked.platform, asked.nativeId, linked.nativeId);
  if (!refusedId && !refusedUrl && !otherItem && !otherLink) {
    // The same item: its own link stands when it is the platform's, else the one asked for does.
    if (identity.nativeId !== null && identity.url !== null) return { identity, claim: null };
    return { identity: { ...identity, nativeId: identity.nativeId ?? asked.nativeId, url: identity.url ?? asked.link }, claim: null };
  }
  const claim = [
    ...(original.nativeId === null ? [] : [`id ${quoteInput(original.nativeId)}`]),
    ...(original.url === null ? [] : [`link ${quoteInput(original.url)}`]),
  ].join(', ');
  return { identity: { ...identity, nativeId: asked.nativeId, url: asked.link }, claim };
}

/** "The record has … (“x”); it is kept without it": a refusal, said once for all the records it struck. */
function refusal(values: readonly string[], total: number, what: string): string {
  const one = values.length === 1;
  const subject = total === 1 ? 'The record has' : `${values.length} of ${total} records ${one ? 'has' : 'have'}`;
  return `${subject} ${what} (${one ? '' : 'the first: '}${quoteInput(values[0])}); ${one ? 'it is' : 'they are'} kept without it, and the raw response keeps it as sent.`;
}

/**
 * `result` with its items' and transcripts' identities checked: an id must be usable, a link
 * must be its platform's, and the item a single-item request asked for must be that item (by
 * its native id) or it keeps the link asked for. Each refusal is a warning.
 */
export function guardIdentities(operation: OperationId, params: Readonly<Record<string, string>>, result: Normalisation): Normalisation {
  const platform = getOperation(operation).platform;
  const asked = askedItem(operation, params);
  const refused: Refusals = { ids: [], urls: [] };
  const claims: string[] = [];
  // What the item asked for has refused is said by the sentence about its identity, not twice.
  const saidOfAsked: Refusals = { ids: [], urls: [] };
  const ofAsked = asked?.nativeId ? saidOfAsked : refused;
  const items = result.items.map((item, index): NormalisedItem => {
    const own = checked(item, item.platform, index === 0 ? ofAsked : refused);
    if (index > 0 || asked === null) return own;
    const { identity, claim } = asAsked(own, item, asked);
    if (claim !== null) claims.push(claim);
    return identity;
  });
  const transcripts = result.transcripts.map((transcript): NormalisedTranscript => {
    const own = checked(transcript, platform, ofAsked);
    if (asked === null) return own;
    const { identity, claim } = asAsked(own, transcript, asked);
    if (claim !== null && !claims.includes(claim)) claims.push(claim);
    return identity;
  });
  const warnings = [...result.warnings];
  for (const claim of claims) {
    warnings.push(
      `The service answered the request for ${asked!.link} with an identity that is not that item’s (${claim}); it is kept as the item asked for, and the answer’s own claim stays in the raw response.`,
    );
  }
  const total = result.items.length + result.transcripts.length;
  if (refused.ids.length > 0) warnings.push(refusal(refused.ids, total, 'an id too long or not made of an id’s characters'));
  if (refused.urls.length > 0) warnings.push(refusal(refused.urls, total, `a link that is not a ${PLATFORM_LABELS[platform]} link`));
  return { items, transcripts, warnings };
}
