/**
 * The shape of a shared change, as the local triggers write it (store/migrations/0020-team-sync.ts)
 * and every desk reads it back from the hub. Local integer ids never leave a desk: an item is
 * its platform with its native id (or URL when it has none), a collection its global id, and
 * library-wide notes and tags the collection ''.
 *
 * A colleague's desk may run another version, so a pulled change is parsed, not trusted: one this
 * version does not read is set aside with a note rather than applied or allowed to stop the pull.
 */
import { z } from '../../../../shared/zod';
import { checkCollectionName, checkTag } from '../../library/collections';

const itemKey = z.object({
  platform: z.string().min(1).max(50),
  nativeId: z.string().max(500).nullable(),
  url: z.string().max(4000).nullable(),
});
export type ItemKey = z.infer<typeof itemKey>;

const gid = z.string().max(100);
const body = z.string().max(100_000);

export const changeSchema = z.discriminatedUnion('entity', [
  z.object({
    entity: z.literal('collection'),
    op: z.enum(['create', 'rename', 'delete']),
    key: z.object({ gid: gid.min(1) }),
    payload: z.object({ name: z.string().min(1).max(200).optional() }),
  }),
  z.object({
    entity: z.literal('member'),
    op: z.enum(['add', 'move', 'remove']),
    key: z.object({ gid: gid.min(1), item: itemKey }),
    payload: z.object({ position: z.number().finite().optional(), addedAt: z.string().max(40).optional() }),
  }),
  z.object({
    entity: z.literal('note'),
    op: z.enum(['set', 'delete', 'resolve']),
    key: z.object({ gid, item: itemKey }),
    payload: z.object({ body: body.nullable().optional(), base: body.nullable().optional() }),
  }),
  z.object({
    entity: z.literal('tag'),
    op: z.enum(['add', 'remove']),
    key: z.object({ gid, item: itemKey, tag: z.string().min(1).max(100) }),
    payload: z.object({}),
  }),
]);
export type Change = z.infer<typeof changeSchema>;

/** One string per item, the same on every desk: what heads and pending checks are keyed by. */
export const itemCanon = (key: ItemKey): string =>
  JSON.stringify([key.platform, key.nativeId ?? null, key.nativeId ? null : (key.url ?? null)]);

/** The thing a change is about, the same for the outbox's rows and the hub's. */
export function subjectOf(change: Change): string {
  switch (change.entity) {
    case 'collection':
      return `collection|${change.key.gid}`;
    case 'member':
      return `member|${change.key.gid}|${itemCanon(change.key.item)}`;
    case 'note':
      return `note|${change.key.gid}|${itemCanon(change.key.item)}`;
    case 'tag':
      return `tag|${change.key.gid}|${itemCanon(change.key.item)}|${change.key.tag.toLowerCase()}`;
  }
}

/** A change as stored anywhere (JSON already parsed), or null when this version cannot read it. */
export function parseChange(raw: { entity: string; op: string; key: unknown; payload: unknown }): Change | null {
  const parsed = changeSchema.safeParse(raw);
  if (!parsed.success) return null;
  const change = parsed.data;
  // A colleague's desk is held to the rules this desk's own input is: a name or tag it would refuse is not taken in.
  try {
    if (change.entity === 'collection' && change.op !== 'delete') {
      if (change.payload.name === undefined || checkCollectionName(change.payload.name) !== change.payload.name) return null;
    }
    if (change.entity === 'tag' && checkTag(change.key.tag) !== change.key.tag) return null;
  } catch {
    return null;
  }
  return change;
}

/** The subject of an outbox row, or null for one that cannot be read (never expected: the triggers write them). */
export function subjectOfRow(row: { entity: string; key: string }): string | null {
  try {
    const change = parseChange({ entity: row.entity, op: opFor(row.entity), key: JSON.parse(row.key) as unknown, payload: {} });
    return change ? subjectOf(change) : null;
  } catch {
    return null;
  }
}

/** Any op valid for the entity: a subject does not depend on it. */
const opFor = (entity: string): string =>
  entity === 'collection' ? 'delete' : entity === 'member' ? 'remove' : entity === 'note' ? 'delete' : 'remove';
