/**
 * Image pinboard: one pin in `data` (`autoAltText`, `closeupUnifiedDescription`, `description`,
 * `dominantColor`, `originPinner.username`, `images.orig` with `width`, `height`, `url`).
 *
 * Title: the pin's own `title`/`gridTitle` when present, else `description`, else
 * `autoAltText`. Text: `closeupUnifiedDescription`, else `description`. Author: the origin
 * pinner (else `pinner`). Thumbnail: `images.orig.url` (else another size). The nativeId is the
 * pin's public number (pin-id.ts: `entityId`, or the number inside a GraphQL `id` such as the
 * base 64 of `Pin:<number>`), else the pin id the URL table reads from the requested URL, and
 * the URL is the public address built from it, `/pin/<number>/`, so that the same pin fetched
 * two ways is one item. An opaque id that holds no number is kept only when nothing else names
 * the pin. The pin's `link` is
 * where it points outside the pinboard, not the pin's own page. The dominant colour, the image's
 * size and the alt text have no column in the common model and are kept as the item's extras.
 */
import type { OperationId } from '../../../../shared/catalogue';
import type { Author, NormalisedItem, Normaliser } from '../../../../shared/model';
import { at, firstCount, firstText, has, idText, isRecord, prop, text, type JsonObject } from '../read/json';
import { absoluteTime } from '../read/time';
import { canonicalLink, firstImage, segment, type CanonicalLink } from '../read/links';
import { pinNumberOf, pinUrl } from './pin-id';
import { makeItem } from '../read/item';
import { acceptsRecord, emptyNormalisation } from '../read/records';
import { platformOfUrl } from '../recognise-url';

const SITE = 'https://www.pinterest.com';
const PIN_FIELDS = ['autoAltText', 'closeupUnifiedDescription', 'description', 'dominantColor', 'originPinner', 'images', 'id'];

function looksLikePin(value: unknown): boolean {
  return isRecord(value) && PIN_FIELDS.some((key) => has(value, key));
}

function pinnerOf(pin: JsonObject): Author | null {
  const pinner = isRecord(pin.originPinner)
    ? pin.originPinner
    : isRecord(pin.origin_pinner)
      ? pin.origin_pinner
      : isRecord(pin.pinner)
        ? pin.pinner
        : null;
  if (pinner === null) return null;
  const username = text(pinner.username);
  return {
    name: firstText(pinner.fullName, pinner.full_name),
    handle: username,
    id: idText(pinner.id),
    url: username === null ? null : `${SITE}/${segment(username)}/`,
  };
}

export function readPin(pin: JsonObject, sourcePath: string, fromParams: CanonicalLink | null): NormalisedItem {
  const number = pinNumberOf(pin);
  const ownUrl = platformOfUrl(text(pin.url) ?? '') === 'pinboard' ? canonicalLink(pin.url) : null;
  const link = number === null ? (ownUrl ?? fromParams) : { url: pinUrl(number), nativeId: number };
  const images = prop(pin, 'images');
  return makeItem('pinboard', sourcePath, {
    kind: 'pin',
    nativeId: number ?? link?.nativeId ?? idText(pin.id),
    url: link?.url ?? null,
    title: firstText(pin.title, pin.gridTitle, pin.grid_title, pin.description, pin.autoAltText, pin.auto_alt_text),
    text: firstText(pin.closeupUnifiedDescription, pin.closeup_unified_description, pin.description),
    author: pinnerOf(pin),
    publishedAt: absoluteTime(pin.createdAt) ?? absoluteTime(pin.created_at),
    thumbnailUrl: firstImage(at(images, 'orig'), at(images, '736x'), at(images, '474x'), at(images, '236x'), pin.imageLargeUrl, pin.image),
    extras: {
      altText: firstText(pin.autoAltText, pin.auto_alt_text),
      dominantColor: firstText(pin.dominantColor, pin.dominant_color),
      imageWidth: firstCount(at(images, 'orig', 'width')),
      imageHeight: firstCount(at(images, 'orig', 'height')),
    },
  });
}

export const normalisePinboard: Normaliser = (operation: OperationId, data: unknown, params) => {
  const out = emptyNormalisation();
  if (!acceptsRecord(out, operation, operation === 'pinboard/pin', 'pinboard', data)) return out;
  const fromParams = canonicalLink(params.url);
  const nested = at(data, 'resource_response', 'data');
  const inData = data.data;
  const inPin = data.pin;
  if (looksLikePin(data)) out.items.push(readPin(data, '', fromParams));
  else if (isRecord(inData) && looksLikePin(inData)) out.items.push(readPin(inData, 'data', fromParams));
  else if (isRecord(inPin) && looksLikePin(inPin)) out.items.push(readPin(inPin, 'pin', fromParams));
  else if (isRecord(nested) && looksLikePin(nested)) out.items.push(readPin(nested, 'resource_response.data', fromParams));
  // A trimmed pin may hold none of the known fields; it is still the pin asked for.
  else out.items.push(readPin(data, '', fromParams));
  return out;
};
