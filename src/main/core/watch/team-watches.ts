/**
 * Watches across desks (issue 30.6). Push: this desk's watch log after a local watermark, to the
 * hub's watch_entries (pushing again after a crash adds nothing). Pull: colleagues' entries after
 * another watermark, each checked at the boundary and applied by global id; one this version cannot
 * read, or whose item this library lacks, is set aside, and taken up by a later pull once it can be
 * (the answer carrying its item came) unless a newer entry about its watch was pulled since. Claims:
 * before a connected desk queues a due watch it claims the watch's due slot on the hub, so one desk
 * alone sends it.
 */
import { z } from '../../../shared/zod';
import { once } from '../../../shared/contract-method';
import { isOperationId } from '../../../shared/catalogue';
import { WATCH_CHANGE_KINDS, WATCH_INTERVALS } from '../../../shared/watch';
import { writeTransaction, type ReadableDB, type WritableDB } from '../store/write-transaction';
import { appendInOrder } from '../store/hub/changes-repository';
import { describeHubFailure } from '../store/hub/hub-db';
import { createWatchEntriesRepository, type DueSlot, type PulledWatchEntry, type SlotVerdict } from '../store/hub/watch-entries-repository';
import type { TeamSyncRepository } from '../store/team/team-sync-repository';
import { repositoriesOf } from '../store/repositories';
import { teamWatchesRepository as shared } from '../store/watch/team-watches-repository';
import { watchChangesRepository } from '../store/watch/watch-changes-repository';
import type { Logger } from '../log';
import type { HubSession } from '../team/session';

export const WATCHES_PUSHED = 'watches.pushed-through-seq';
export const WATCHES_PULLED = 'watches.pulled-through-seq';

/** A claim whose desk died before queuing the run lapses after this long: another desk takes the slot. */
export const WATCH_CLAIM_LEASE_SECONDS = 10 * 60;

/** The shapes of a pulled entry, built when the first is read: a command that pulls nothing never builds them (issue 28.19). */
function buildEntrySchemas() {
  const gid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const isoTime = z
    .string()
    .max(40)
    .refine((value) => !Number.isNaN(Date.parse(value)));
  const paramValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
  const itemKey = z.object({
    platform: z.string().min(1).max(40),
    nativeId: z.string().max(400).nullable(),
    url: z.string().max(4000).nullable(),
  });
  const changeValue = z.union([z.string().max(100_000), z.number(), z.null()]);
  const removedSchema = z.object({ gid, removed: z.literal(1) });
  const changeSchema = z.object({
    kind: z.literal('change'),
    watch: gid.nullable(),
    item: itemKey.nullable(),
    change: z.enum(WATCH_CHANGE_KINDS),
    field: z.string().max(100).nullable(),
    before: changeValue,
    after: changeValue,
    requestId: z.string().max(400).nullable(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable(),
    at: isoTime,
    words: z.string().max(4000).nullable(),
  });
  const watchSchema = z.object({
    gid,
    removed: z.literal(0),
    label: z.string().min(1).max(400),
    targetKind: z.enum(['item', 'operation']),
    item: itemKey.nullable(),
    targetOperation: z.string().max(100).nullable(),
    targetParams: z.record(z.string().max(100), paramValue),
    operation: z.string().refine(isOperationId),
    params: z.record(z.string().max(100), paramValue),
    pages: z.number().int().min(1).max(100),
    interval: z.enum(WATCH_INTERVALS),
    paused: z.union([z.literal(0), z.literal(1)]),
    createdAt: isoTime,
    nextDueAt: isoTime,
    member: z.string().max(400).nullable(),
  });
  return { itemKey, change: changeSchema, entry: z.union([changeSchema, removedSchema, watchSchema]) };
}
const entrySchemas = once(buildEntrySchemas);
type EntrySchemas = ReturnType<typeof buildEntrySchemas>;

/** Applies a colleague's entry; returns why not when it cannot be (the pull sets it aside with that). */
export function applyPulledWatch(tx: WritableDB, payload: unknown): string | null {
  const parsed = entrySchemas().entry.safeParse(payload);
  if (!parsed.success) return 'a watch this version does not read';
  const entry = parsed.data;
  if ('kind' in entry) return keepPulledChange(tx, entry);
  if (entry.removed === 1) {
    shared.removeByGid(tx, entry.gid);
    return null;
  }
  let itemId: number | null = null;
  if (entry.targetKind === 'item') {
    const key = entry.item;
    const { items } = repositoriesOf(tx);
    const found = !key
      ? undefined
      : key.nativeId
        ? items.byNativeId(key.platform, key.nativeId)
        : key.url
          ? items.byUrl(key.platform, key.url)
          : undefined;
    if (!found) return `the item watch "${entry.label}" follows is not in this library`;
    itemId = found.id;
  }
  shared.upsert(tx, {
    gid: entry.gid,
    label: entry.label,
    targetKind: entry.targetKind,
    itemId,
    targetOperation: entry.targetOperation,
    targetParams: JSON.stringify(entry.targetParams),
    operation: entry.operation,
    params: JSON.stringify(entry.params),
    pages: entry.pages,
    interval: entry.interval,
    paused: entry.paused,
    createdAt: entry.createdAt,
    nextDueAt: entry.nextDueAt,
    member: entry.member,
  });
  return null;
}

function itemIdOf(db: ReadableDB, key: z.infer<EntrySchemas['itemKey']>): number | undefined {
  const { items } = repositoriesOf(db);
  return (key.nativeId ? items.byNativeId(key.platform, key.nativeId) : key.url ? items.byUrl(key.platform, key.url) : undefined)?.id;
}

/** A change a colleague's run noticed, unread here as there; its watch may be gone (kept, as a removed watch's are). */
function keepPulledChange(tx: WritableDB, change: z.infer<EntrySchemas['change']>): string | null {
  const itemId = change.item ? itemIdOf(tx, change.item) : null;
  if (itemId === undefined) return 'the item a watch change is about is not in this library';
  const kept = {
    watchId: change.watch ? (shared.byGid(tx, change.watch)?.id ?? null) : null,
    itemId,
    change: change.change,
    field: change.field,
    before: change.before,
    after: change.after,
    responseId: change.requestId ? (shared.responseByRequestId(tx, change.requestId) ?? null) : null,
    requestId: change.requestId,
    sha256: change.sha256,
    at: change.at,
    words: change.words,
  };
  // Two desks that moved to this hub both shared the changes they held: one copy is kept.
  if (!shared.hasChange(tx, kept)) watchChangesRepository.addChange(tx, kept);
  return null;
}

/**
 * For a hub this library has not synced with (inside the transaction that starts afresh, after the
 * watermarks were forgotten): every watch and change it holds is logged again and only those are
 * pushed, colleagues' as this desk's own (as answers are); the old hub's set-aside seqs mean nothing here.
 */
export function shareWatchesAfresh(tx: WritableDB, team: TeamSyncRepository): void {
  team.setWatermark(tx, WATCHES_PUSHED, shared.logEverything(tx));
  team.forgetAside(tx, 'watch');
  // A change waiting for its item is compared by the old hub's numbering: it cannot be placed in the new one's.
  team.forgetAside(tx, 'change-waiting');
}

const isChange = (entry: unknown): boolean => typeof entry === 'object' && entry !== null && 'kind' in entry;

export interface WatchSyncDeps {
  db: ReadableDB;
  team: TeamSyncRepository;
  log: Logger;
  nowIso: () => string;
  batchSize: number;
}

export function createWatchSync(deps: WatchSyncDeps) {
  const { db, team } = deps;

  /** Applies one pulled entry, or sets it aside with why not; says whether it was applied. */
  function applyOrSetAside(tx: WritableDB, row: PulledWatchEntry): boolean {
    const refused = applyPulledWatch(tx, row.entry);
    if (refused === null) return true;
    team.setAside(tx, 'watch', row.seq, `A colleague's watch was skipped: ${refused}.`, deps.nowIso());
    deps.log.warn('team sync: a pulled watch was kept aside', { seq: row.seq, why: refused });
    return false;
  }

  /** Entries set aside by earlier pulls, tried again: the item each lacked may be here now. */
  async function takeUpAside(session: HubSession): Promise<{ applied: number; changes: number }> {
    const aside = team.asideOf('watch');
    const taken = { applied: 0, changes: 0 };
    if (aside.length === 0) return taken;
    const hub = createWatchEntriesRepository(session.db);
    const revisited = await hub.revisit([...new Set(aside.map((row) => row.hubSeq))], team.watermark(WATCHES_PULLED));
    const bySeq = new Map(revisited.map((row) => [row.seq, row]));
    writeTransaction(db, (tx) => {
      team.beginApplying(tx);
      for (const { id, hubSeq } of aside) {
        const row = bySeq.get(hubSeq);
        // Gone from the hub, or a newer entry about the same watch was pulled since: this one is stale.
        const stale = !row || (row.latestForWatch !== null && row.latestForWatch > row.seq);
        // Still not applicable: it stays aside as it was, without another warning.
        if (!stale && applyPulledWatch(tx, row.entry) !== null) continue;
        team.removeAside(tx, id);
        if (stale) continue;
        taken.applied += 1;
        if (isChange(row.entry)) taken.changes += 1;
      }
      team.endApplying(tx);
    });
    return taken;
  }

  return {
    /** This desk's watch log entries the hub does not have yet. */
    pending: (): number => shared.countAfter(db, team.watermark(WATCHES_PUSHED)),

    async push(session: HubSession): Promise<number> {
      let pushed = 0;
      for (;;) {
        const rows = shared.logAfter(db, team.watermark(WATCHES_PUSHED), deps.batchSize);
        if (rows.length === 0) return pushed;
        const entries = rows.map((row) => ({ seq: row.seq, entry: JSON.parse(row.entry) as unknown }));
        pushed += await appendInOrder(session.db, (tx) => createWatchEntriesRepository(tx).push(session.deskId, entries));
        writeTransaction(db, (tx) => team.setWatermark(tx, WATCHES_PUSHED, rows[rows.length - 1]!.seq));
      }
    },

    /** Applies colleagues' entries; says how many were changes their runs noticed (new in the timeline here). */
    async pull(session: HubSession): Promise<{ applied: number; changes: number }> {
      const hub = createWatchEntriesRepository(session.db);
      let applied = 0;
      let changes = 0;
      for (;;) {
        const pulled = await hub.since(team.watermark(WATCHES_PULLED), deps.batchSize);
        if (pulled.length === 0) {
          // After the new entries, so one that supersedes a set-aside entry is known when that is tried.
          const taken = await takeUpAside(session);
          return { applied: applied + taken.applied, changes: changes + taken.changes };
        }
        writeTransaction(db, (tx) => {
          // Written quietly: what colleagues did is not logged here to be pushed back.
          team.beginApplying(tx);
          for (const row of pulled) {
            if (row.deskId === session.deskId || !applyOrSetAside(tx, row)) continue;
            applied += 1;
            if (isChange(row.entry)) changes += 1;
          }
          team.endApplying(tx);
          team.setWatermark(tx, WATCHES_PULLED, pulled[pulled.length - 1]!.seq);
        });
      }
    },
  };
}

/** Due slots claimed on the hub; null from `claim` means no hub now: the desk runs its watches itself. */
export interface WatchClaims {
  /** A hub session is there now (without one the pass runs at once, as it always did). */
  connected(): boolean;
  claim(slots: readonly DueSlot[]): Promise<Map<string, SlotVerdict> | null>;
  done(slots: readonly DueSlot[]): Promise<void>;
}

export function createWatchClaims(session: () => HubSession | null, log: Logger): WatchClaims {
  return {
    connected: () => session() !== null,
    async claim(slots) {
      const active = session();
      if (!active || slots.length === 0) return null;
      try {
        return await createWatchEntriesRepository(active.db).claim(active.deskId, slots, WATCH_CLAIM_LEASE_SECONDS);
      } catch (error) {
        // The hub is out of reach: as offline, this desk runs its own watches.
        log.warn('watch claims: the hub did not answer; running due watches here', { why: describeHubFailure(error) });
        return null;
      }
    },
    async done(slots) {
      const active = session();
      if (!active || slots.length === 0) return;
      // Unmarked, the claim lapses and another desk may run the slot again: a wasted request, not a wrong one.
      await createWatchEntriesRepository(active.db)
        .markDone(active.deskId, slots)
        .catch((error: unknown) => log.warn('watch claims: could not mark a run done', { why: describeHubFailure(error) }));
    },
  };
}
