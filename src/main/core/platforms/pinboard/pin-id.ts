/**
 * A pin's public number. The pinboard's GraphQL answers give a pin an opaque `id` (the base 64
 * of `Pin:<number>`) and the number itself in `entityId`; only the number is in the pin's public
 * address (`/pin/<number>/`), so it is the pin's id in the library whichever way it was fetched.
 */
import { idText } from '../read/json';

const NUMBER = /^\d{1,30}$/;
const BASE64 = /^[A-Za-z0-9+/_-]{4,120}={0,2}$/;

/** The number inside a GraphQL id (`UGluOjEyMw==` → `123`), or null when it holds none. */
export function pinNumberOfGraphId(id: string): string | null {
  if (!BASE64.test(id)) return null;
  const decoded = Buffer.from(id, 'base64').toString('utf8');
  return decoded.match(/^Pin:(\d{1,30})$/)?.[1] ?? null;
}

/** The pin's public number from its record: `entityId`, else an `id` that is a number or a GraphQL id of one. */
export function pinNumberOf(pin: Readonly<Record<string, unknown>>): string | null {
  const entity = idText(pin.entityId) ?? idText(pin.entity_id);
  if (entity !== null && NUMBER.test(entity)) return entity;
  const id = idText(pin.id);
  if (id === null) return null;
  return NUMBER.test(id) ? id : pinNumberOfGraphId(id);
}

/** The pin's public address, in the URL table's canonical form (urls.ts: no closing slash, as for every link). */
export const pinUrl = (number: string): string => `https://www.pinterest.com/pin/${number}/`;
