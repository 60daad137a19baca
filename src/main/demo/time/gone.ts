/**
 * How the demo answers a details request for an item that is gone. The spec does not show the
 * status or body for content that cannot be found, so the demo uses several plausible shapes,
 * chosen per item and disappearance (a hash, so the same for every request until it returns):
 *
 * - removed: 404 `{success:false, message:"Content not found: …deleted…"}`, 410 `{…"removed by its author"}`,
 *   200 `{success:false, message:"…unavailable…", data:null}`, or 200 success with an empty record;
 * - private: 404 `{…"…private"}`, 200 `{success:false, message:"This content is private.", data:null}`,
 *   or 200 success with an empty record.
 *
 * An empty record keeps the answer's top-level scalars (e.g. `status_code: 0`) and puts null
 * where the item was ({} when the item is `data` itself).
 */
import { hashOf } from '../random';
import type { Availability } from './evolution';
import type { OperationShape, Path } from './item-shapes';

export type GoneAnswer =
  /** An error status with the usual error body. */
  | { kind: 'refused'; status: number; message: string }
  /** Status 200 with `success: false`, `message` and `data: null`. */
  | { kind: 'unsuccessful'; message: string }
  | { kind: 'data'; data: Record<string, unknown> };

const REMOVED: readonly GoneAnswer[] = [
  { kind: 'refused', status: 404, message: 'Content not found: it was deleted or does not exist.' },
  { kind: 'refused', status: 410, message: 'This content was removed by its author.' },
  { kind: 'unsuccessful', message: 'The requested content is unavailable.' },
];
const PRIVATE: readonly GoneAnswer[] = [
  { kind: 'refused', status: 404, message: 'Content not found: this account is private.' },
  { kind: 'unsuccessful', message: 'This content is private.' },
];

function emptyRecord(data: Record<string, unknown>, record: Path): Record<string, unknown> {
  if (record.length === 0) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (typeof value !== 'object' || value === null) out[key] = value;
  let parent = out;
  record.forEach((key, i) => {
    if (i === record.length - 1) parent[String(key)] = null;
    else parent = parent[String(key)] = {};
  });
  return out;
}

export function goneAnswer(
  seed: string,
  shape: OperationShape,
  data: Record<string, unknown>,
  id: string,
  availability: Exclude<Availability, 'available'>,
  since: number,
): GoneAnswer {
  const shapes = availability === 'private' ? PRIVATE : REMOVED;
  const choice = hashOf(seed, 'gone', shape.platform, id, since) % (shapes.length + 1);
  return shapes[choice] ?? { kind: 'data', data: emptyRecord(data, shape.record ?? []) };
}
