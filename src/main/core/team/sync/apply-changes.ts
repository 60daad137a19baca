/**
 * Applies a batch of the hub's change log to this library, inside the caller's write transaction
 * (with the outbox triggers suppressed, so nothing pulled is pushed back). Every change, this
 * desk's own included, moves the hub's last word per thing (team_heads), so every desk reaches
 * the same state from the same log. A thing this desk changed and has not pushed yet keeps its
 * local value: its own change comes later in the log and is merged then.
 *
 * Decisions (docs/team.md, "What is shared, and conflicts"):
 * - a note changed from another text than the hub's last one keeps both as a conflict; the
 *   later in the log is shown until someone resolves it;
 * - a collection deleted on one desk is deleted everywhere; items added to it elsewhere stay in
 *   the library and the addition is set aside with a note;
 * - two collections given the same name: the one named first in the log keeps it, the other
 *   becomes "name (2)".
 */
import { LIBRARY_WIDE } from '../../store/annotations-repository';
import { repositoriesOf } from '../../store/repositories';
import { createTeamSyncRepository } from '../../store/team/team-sync-repository';
import type { ReadableDB, WritableDB } from '../../store/write-transaction';
import type { PulledChange } from '../../store/hub';
import { itemCanon, parseChange, subjectOf, subjectOfRow, type Change, type ItemKey } from './change';
import { mergeOrder } from './order-merge';

interface CollectionHead {
  name: string | null;
  deleted: boolean;
  by: string;
}
interface NoteHead {
  body: string | null;
  member: string;
  at: string;
}
interface MemberHead {
  position: number;
  deskId: string;
}

/** `waiting`: the change is about an item this library lacks, and may apply once the item is here. */
export type SetAside = (tx: WritableDB, seq: number, reason: string, waiting?: { subject: string; change: PulledChange }) => void;

const MAX_NAME = 200;

export function createChangeApplier(db: ReadableDB, deskId: () => string) {
  const team = createTeamSyncRepository(db);
  const { collections, annotations, items } = repositoriesOf(db);

  const itemIdOf = (key: ItemKey): number | undefined =>
    key.nativeId ? items.byNativeId(key.platform, key.nativeId)?.id : key.url ? items.byUrl(key.platform, key.url)?.id : undefined;
  const readHead = <T>(key: string): { value: T | null; seq: number } | undefined => {
    const row = team.head(key);
    return row ? { value: row.value === null ? null : (JSON.parse(row.value) as T), seq: row.seq } : undefined;
  };

  function freeName(base: string): string {
    for (let n = 2; ; n += 1) {
      const suffix = ` (${n})`;
      const name = base.slice(0, MAX_NAME - suffix.length) + suffix;
      if (!collections.byName(name)) return name;
    }
  }

  /** The name a collection gets here: the first in the log to take a name keeps it. */
  function nameFor(tx: WritableDB, gid: string, wanted: string, seq: number): string {
    const clash = collections.byName(wanted);
    const clashGid = clash ? team.gidOf(clash.id) : undefined;
    if (!clash || clashGid === gid) return wanted;
    const clashHead = clashGid ? readHead<CollectionHead>(`c|${clashGid}`) : undefined;
    if (clashHead && clashHead.seq < seq) return freeName(wanted);
    // The other one is not in the log yet (made here, not pushed): it gives way, as it will when its turn comes.
    const moved = freeName(clash.name);
    collections.rename(tx, clash.id, moved, new Date().toISOString());
    collections.retargetQueuedWork(tx, clash.name, moved);
    return wanted;
  }

  function applyCollection(tx: WritableDB, change: Extract<Change, { entity: 'collection' }>, pulled: PulledChange, mine: boolean): void {
    const gid = change.key.gid;
    const local = team.collectionByGid(gid);
    if (change.op === 'delete') {
      team.setHead(
        tx,
        `c|${gid}`,
        JSON.stringify({ name: null, deleted: true, by: pulled.memberName } satisfies CollectionHead),
        pulled.seq,
      );
      team.removeHeadsBetween(tx, `m|${gid}|`, `m|${gid}}`);
      team.removeHeadsBetween(tx, `n|${gid}|`, `n|${gid}}`);
      if (local) {
        annotations.deleteAllOfCollection(tx, local.id);
        collections.detachWaitingJobs(tx, local.name);
        collections.delete(tx, local.id);
      }
      return;
    }
    const previous = readHead<CollectionHead>(`c|${gid}`);
    if (previous?.value?.deleted) return;
    const wanted = change.payload.name ?? '';
    if (!mine || !local) {
      const name = nameFor(tx, gid, wanted, pulled.seq);
      if (!local) team.insertCollection(tx, gid, name, pulled.at);
      else if (local.name !== name) {
        collections.rename(tx, local.id, name, pulled.at);
        collections.retargetQueuedWork(tx, local.name, name);
      }
    }
    team.setHead(
      tx,
      `c|${gid}`,
      JSON.stringify({ name: wanted, deleted: false, by: pulled.memberName } satisfies CollectionHead),
      pulled.seq,
    );
  }

  return function applyBatch(tx: WritableDB, batch: readonly PulledChange[], setAside: SetAside): void {
    const pending = new Set(team.outboxKeys().flatMap((row) => subjectOfRow(row) ?? []));
    const reordered = new Set<string>();
    team.beginApplying(tx);
    for (const pulled of batch) {
      const change = parseChange(pulled);
      if (!change) {
        setAside(tx, pulled.seq, `A change this version of Gleaner does not read (${pulled.entity} ${pulled.op}) was skipped.`);
        continue;
      }
      const subject = subjectOf(change);
      const mine = pending.has(subject);
      // The last word about a subject is the latest change: earlier ones still waiting for their item are moot.
      team.dropWaitingBefore(tx, subject, pulled.seq);
      if (change.entity === 'collection') {
        applyCollection(tx, change, pulled, mine);
        continue;
      }
      const gid = change.key.gid;
      const collectionHead = gid === '' ? undefined : readHead<CollectionHead>(`c|${gid}`);
      if (collectionHead?.value?.deleted) {
        setAside(
          tx,
          pulled.seq,
          `${pulled.memberName} changed something in a collection ${collectionHead.value.by} had deleted; the items stay in the library.`,
        );
        continue;
      }
      const scope = gid === '' ? LIBRARY_WIDE : team.collectionByGid(gid)?.id;
      const itemId = itemIdOf(change.key.item);
      if (scope === undefined) {
        setAside(tx, pulled.seq, `A change by ${pulled.memberName} is about a collection this library does not have.`);
        continue;
      }
      if (itemId === undefined) {
        // Its answer may not have reached the hub when the change was pulled: it waits for the item.
        setAside(tx, pulled.seq, `A change by ${pulled.memberName} waits for an item this library does not have yet.`, {
          subject,
          change: pulled,
        });
        continue;
      }
      const canon = itemCanon(change.key.item);
      if (change.entity === 'member') {
        const headKey = `m|${gid}|${canon}`;
        reordered.add(gid);
        if (change.op === 'remove') {
          team.removeHead(tx, headKey);
          if (!mine) collections.removeItem(tx, scope, itemId);
          continue;
        }
        const position = change.payload.position ?? 0;
        team.setHead(tx, headKey, JSON.stringify({ position, deskId: pulled.deskId } satisfies MemberHead), pulled.seq);
        if (!mine && collections.position(scope, itemId) === undefined)
          collections.insertAt(tx, scope, { itemId, position, addedAt: change.payload.addedAt ?? pulled.at });
      } else if (change.entity === 'note') {
        applyNote(tx, change, pulled, { scope, itemId, headKey: `n|${gid}|${canon}`, mine });
      } else if (!mine) {
        if (change.op === 'add') annotations.addTag(tx, itemId, scope, change.key.tag);
        else annotations.removeTag(tx, itemId, scope, change.key.tag);
      }
    }
    for (const gid of reordered) reorder(tx, gid, pending);
    team.endApplying(tx);
  };

  function applyNote(
    tx: WritableDB,
    change: Extract<Change, { entity: 'note' }>,
    pulled: PulledChange,
    at: { scope: number; itemId: number; headKey: string; mine: boolean },
  ): void {
    if (change.op === 'resolve') {
      team.clearConflicts(tx, at.itemId, at.scope);
      return;
    }
    const head = readHead<NoteHead>(at.headKey);
    const headBody = head?.value?.body ?? null;
    const body = change.op === 'delete' ? null : (change.payload.body ?? null);
    const base = change.payload.base ?? null;
    if (head?.value && base !== headBody && body !== headBody) {
      team.addConflict(tx, {
        itemId: at.itemId,
        collectionId: at.scope,
        firstBody: headBody,
        firstMember: head.value.member,
        firstAt: head.value.at,
        secondBody: body,
        secondMember: pulled.memberName,
        secondAt: pulled.at,
        seq: pulled.seq,
      });
    }
    team.setHead(tx, at.headKey, JSON.stringify({ body, member: pulled.memberName, at: pulled.at } satisfies NoteHead), pulled.seq);
    if (at.mine) return;
    if (body === null) {
      annotations.deleteNote(tx, at.itemId, at.scope);
      team.removeNoteAuthor(tx, at.itemId, at.scope);
      return;
    }
    annotations.saveNote(tx, at.itemId, at.scope, body, pulled.at);
    if (pulled.deskId === deskId()) team.removeNoteAuthor(tx, at.itemId, at.scope);
    else team.setNoteAuthor(tx, at.itemId, at.scope, pulled.deskId, pulled.memberName, pulled.at);
  }

  /** Puts the collection's items in the merged order; an item moved here and not pushed yet stays where it is. */
  function reorder(tx: WritableDB, gid: string, pending: ReadonlySet<string>): void {
    const local = team.collectionByGid(gid);
    if (!local) return;
    const placed = team.headsBetween(`m|${gid}|`, `m|${gid}}`).map((row) => {
      const head = JSON.parse(row.value!) as MemberHead;
      return { itemCanon: row.key.slice(`m|${gid}|`.length), position: head.position, deskId: head.deskId };
    });
    for (const entry of mergeOrder(placed)) {
      if (pending.has(`member|${gid}|${entry.itemCanon}`)) continue;
      const [platform, nativeId, url] = JSON.parse(entry.itemCanon) as [string, string | null, string | null];
      const itemId = itemIdOf({ platform, nativeId, url });
      if (itemId === undefined) continue;
      const now = collections.position(local.id, itemId);
      if (now !== undefined && now !== entry.position) collections.setPosition(tx, local.id, itemId, entry.position);
    }
  }
}
