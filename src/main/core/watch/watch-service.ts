/**
 * Watches (issue 30) as the handlers, the CLI and the scheduler see them: planning against the
 * cap, saving, queuing due runs at the lowest priority, and reading what runs noticed.
 */
import { GleanerError } from '../../../shared/errors';
import { getOperation, type OperationId } from '../../../shared/catalogue';
import {
  type WatchChangesPage,
  type WatchCost,
  type WatchInterval,
  type WatchListCost,
  type WatchSummary,
  type WatchTarget,
} from '../../../shared/watch';
import type { Clock } from '../clock';
import type { FetchQueue } from '../queue/fetch-queue';
import type { ServiceClient } from '../service/client';
import type { ReadableDB } from '../store/write-transaction';
import type { SettingsRepository } from '../store/settings-repository';
import { recogniseUrl } from '../platforms/recognise-url';
import { LISTING_KINDS } from '../platforms/url-patterns';
import { enqueueIn } from '../queue/enqueue';
import { effectiveLimits, readServiceSettings } from '../settings/service-settings';
import { repositoriesOf } from '../store/repositories';
import { watchChangesRepository as changes } from '../store/watch/watch-changes-repository';
import { watchesRepository as watches, type WatchRow } from '../store/watch/watches-repository';
import { writeTransaction } from '../store/write-transaction';
import { recordWatchCustody } from '../custody/record';
import { canonicalJson } from '../../../shared/custody';
import { readTeamSettings } from '../team/settings';
import { overCapMessage, requestsPerDay, roundCost, watchCap, watchCost } from './cost';
import { nextDueAfter } from './due';
import { readWatchTuning } from './settings';
import type { WatchClaims } from './team-watches';
import { teamWatchesRepository } from '../store/watch/team-watches-repository';

export interface WatchChangesQuery {
  since?: string;
  watchId?: number;
  itemId?: number;
  unreadOnly?: boolean;
  limit?: number;
  offset?: number;
}

/** Watches as the handlers, the CLI and the scheduler see them. */
export interface WatchService {
  plan(target: WatchTarget, interval: WatchInterval): WatchCost;
  add(request: { target: WatchTarget; interval: WatchInterval; label?: string }): WatchSummary;
  list(): { watches: WatchSummary[]; cost: WatchListCost };
  remove(id: number): { removed: true };
  setPaused(id: number, paused: boolean): WatchSummary;
  /** Queues the due watches (or every active one); runs already queued are not queued twice. */
  run(request: { all?: boolean }): Promise<{ queued: number; watchIds: number[]; batchIds: number[] }>;
  changes(query: WatchChangesQuery): WatchChangesPage;
  markRead(request: { ids?: number[]; all?: boolean }): { unread: number };
}

/** The request a watch sends, resolved from its target. */
interface ResolvedTarget {
  operation: OperationId;
  params: Record<string, string | number | boolean | null>;
  pages: number;
  itemId: number | null;
  label: string;
}

const DAY_MS = 24 * 3_600_000;

/** At most this many due watches are queued per pass (the rest on the next): a pass stays short. */
const DUE_PER_PASS = 500;

export interface WatchServiceDeps {
  db: ReadableDB;
  settings: SettingsRepository;
  service: Pick<ServiceClient, 'prepare'>;
  queue: Pick<FetchQueue, 'poke'>;
  clock: Clock;
  /** A batch of a run was queued (the scheduler examines it when it ends). */
  onQueued?: (batchId: number) => void;
  /** Examines runs that ended, before changes are read (another process may have run them). */
  beforeRead?: () => void;
  /** With a team hub: a due watch runs on the desk that claims its slot there (absent: alone). */
  claims?: WatchClaims;
}

export function createWatchService(deps: WatchServiceDeps): WatchService {
  const { db } = deps;
  const nowIso = () => new Date(deps.clock.now()).toISOString();
  const { prepare: prepareServiceRequest } = deps.service;

  function resolve(target: WatchTarget): ResolvedTarget {
    if (target.kind === 'item') {
      const item = repositoriesOf(db).items.record(target.itemId);
      if (!item) throw new GleanerError('NOT_FOUND', `No item with id ${target.itemId} is in the library.`);
      const { extraHosts } = readServiceSettings(deps.settings);
      const recognition = item.url ? recogniseUrl(item.url, { extraHosts }) : null;
      if (!recognition?.ok || recognition.platform !== item.platform || LISTING_KINDS.has(recognition.kind)) {
        throw new GleanerError('INVALID_INPUT', `Item ${item.id} cannot be watched: no operation fetches its details by its link.`);
      }
      const label = item.title ?? item.url ?? `item ${item.id}`;
      return { operation: recognition.operation, params: recognition.params, pages: 1, itemId: item.id, label: label.slice(0, 200) };
    }
    // Checked as the queue will send it, so a watch never holds parameters the service refuses.
    const checked = prepareServiceRequest(target.operation, target.params).params;
    const op = getOperation(target.operation);
    const shown = Object.entries(checked)
      .map(([name, value]) => `${name}=${String(value)}`)
      .join(' ');
    return {
      operation: target.operation,
      params: target.params,
      pages: 1,
      itemId: null,
      label: `${op.platform} ${op.path} ${shown}`.trim().slice(0, 200),
    };
  }

  function dailyBudget(): number {
    return effectiveLimits(readServiceSettings(deps.settings)).perDay;
  }

  function activePerDay(exceptId = 0): number {
    return watches.activeCosts(db, exceptId).reduce((sum, row) => sum + requestsPerDay(row.interval, row.pages) * row.n, 0);
  }

  function costOf(perDay: number, exceptId = 0): WatchCost {
    return watchCost(perDay, activePerDay(exceptId), dailyBudget(), readWatchTuning(deps.settings).capShare);
  }

  function refuseOverCap(cost: WatchCost): void {
    if (!cost.fits) throw new GleanerError('BUDGET_EXCEEDED', overCapMessage(cost));
  }

  function summaries(rows: readonly WatchRow[]): WatchSummary[] {
    const unread = changes.unreadByWatch(db);
    return rows.map((row) => toSummary(row, unread.get(row.id) ?? 0));
  }

  function existing(id: number): WatchRow {
    const row = watches.byId(db, id);
    if (!row) throw new GleanerError('NOT_FOUND', `There is no watch ${id}; gleaner watch list shows them.`);
    return row;
  }

  /** Queues one run of each watch, with its run row, in one transaction: a crash leaves neither half. */
  function queueRuns(rows: readonly WatchRow[]): { watchId: number; batchId: number }[] {
    const queued: { watchId: number; batchId: number }[] = [];
    // Most passes find nothing due: no write (a commit waits for the disk).
    if (rows.length === 0) return queued;
    const now = deps.clock.now();
    const at = new Date(now).toISOString();
    const prepared = rows.map((row) => {
      try {
        const params = JSON.parse(row.params) as Record<string, string | number | boolean | null>;
        const job = { operation: row.operation as OperationId, params, pages: row.pages };
        return { row, job, checked: JSON.stringify(prepareServiceRequest(job.operation, params).params), error: null };
      } catch (error) {
        return { row, job: null, checked: '', error: error instanceof Error ? error.message : String(error) };
      }
    });
    writeTransaction(db, (tx) => {
      for (const { row, job, checked, error } of prepared) {
        if (watches.hasOpenRun(tx, row.id)) continue;
        const next = new Date(nextDueAfter(Date.parse(row.next_due_at), now, row.interval)).toISOString();
        if (job === null) {
          // Settings changed since it was saved (a parameter renamed): it says why, and waits its next turn.
          watches.setLastError(tx, row.id, error);
          watches.markQueued(tx, row.id, at, next);
          continue;
        }
        const { batchId } = enqueueIn(
          tx,
          { kind: 'refresh', label: `Watch: ${row.label}`, jobs: [job], priority: -1 },
          [{ job, params: checked }],
          at,
        );
        watches.addRun(tx, row.id, batchId, at);
        watches.markQueued(tx, row.id, at, next);
        queued.push({ watchId: row.id, batchId });
      }
    });
    for (const { batchId } of queued) deps.onQueued?.(batchId);
    if (queued.length > 0) deps.queue.poke();
    return queued;
  }

  /** The due rows this desk is to run: all of them without a hub; with one, those whose slot it claimed. */
  async function claimed(claims: WatchClaims, rows: WatchRow[]): Promise<WatchRow[]> {
    const verdicts = await claims.claim(rows.map(slotOf));
    if (verdicts === null) return rows;
    const ranElsewhere = rows.filter((row) => verdicts.get(row.global_id) === 'done');
    if (ranElsewhere.length > 0) {
      const now = deps.clock.now();
      writeTransaction(db, (tx) => {
        for (const row of ranElsewhere) {
          const next = new Date(nextDueAfter(Date.parse(row.next_due_at), now, row.interval)).toISOString();
          teamWatchesRepository.skipSlot(tx, row.id, row.next_due_at, next);
        }
      });
    }
    // 'taken': a colleague's desk holds the slot; asked again next pass, until it is done or the claim lapses.
    return rows.filter((row) => verdicts.get(row.global_id) === 'mine');
  }

  return {
    plan(target, interval) {
      const resolved = resolve(target);
      return costOf(requestsPerDay(interval, resolved.pages));
    },

    add({ target, interval, label }) {
      const resolved = resolve(target);
      refuseOverCap(costOf(requestsPerDay(interval, resolved.pages)));
      const team = readTeamSettings(deps.settings);
      const now = nowIso();
      const id = writeTransaction(db, (tx) => {
        const added = watches.insert(tx, {
          label: label ?? resolved.label,
          targetKind: target.kind,
          itemId: resolved.itemId,
          targetOperation: target.kind === 'operation' ? target.operation : null,
          targetParams: JSON.stringify(target.kind === 'operation' ? target.params : {}),
          operation: resolved.operation,
          params: JSON.stringify(resolved.params),
          pages: resolved.pages,
          interval,
          createdAt: now,
          // Its first run, due at once, is the baseline later runs are compared with.
          nextDueAt: now,
          member: team.url ? team.member : null,
        });
        // People's decisions about what to watch are part of the case's custody (issue 31.1).
        recordWatchCustody(tx, 'added', {
          watchId: added,
          label: label ?? resolved.label,
          target: canonicalJson(target),
          interval,
          ...(resolved.itemId !== null ? { itemId: resolved.itemId } : {}),
        });
        return added;
      });
      return summaries([existing(id)])[0]!;
    },

    list() {
      deps.beforeRead?.();
      const budget = dailyBudget();
      return {
        watches: summaries(watches.all(db)),
        cost: {
          allWatchesPerDay: roundCost(activePerDay()),
          cap: watchCap(budget, readWatchTuning(deps.settings).capShare),
          dailyBudget: budget,
        },
      };
    },

    remove(id) {
      const row = existing(id);
      writeTransaction(db, (tx) => {
        watches.remove(tx, id);
        recordWatchCustody(tx, 'removed', { watchId: id, label: row.label });
      });
      return { removed: true };
    },

    setPaused(id, paused) {
      const row = existing(id);
      if (!paused && row.paused === 1) refuseOverCap(costOf(requestsPerDay(row.interval, row.pages), row.id));
      // Resumed after its time: due now, not at once for every interval missed.
      const nextDue = paused ? row.next_due_at : new Date(Math.max(Date.parse(row.next_due_at), deps.clock.now())).toISOString();
      writeTransaction(db, (tx) => {
        watches.setPaused(tx, id, paused, nextDue);
        recordWatchCustody(tx, paused ? 'paused' : 'resumed', { watchId: id, label: row.label });
      });
      return summaries([existing(id)])[0]!;
    },

    run({ all }) {
      // However many are due, the watches' requests of the last day stay within the cap: the rest wait their turn.
      const now = deps.clock.now();
      const candidates = all ? watches.active(db) : watches.due(db, new Date(now).toISOString(), DUE_PER_PASS);
      const report = (queued: { watchId: number; batchId: number }[]) => ({
        queued: queued.length,
        watchIds: queued.map((run) => run.watchId),
        batchIds: queued.map((run) => run.batchId),
      });
      // Most passes (one a minute while the app is open) find nothing due: one indexed read, nothing more.
      if (candidates.length === 0) return Promise.resolve(report([]));
      const used = watches.requestsSince(db, new Date(now - DAY_MS).toISOString());
      let allowance = watchCap(dailyBudget(), readWatchTuning(deps.settings).capShare) - used;
      const rows = candidates.filter((row) => {
        // A run still on its way is not queued again (nor counted twice).
        if (row.pages > allowance || watches.hasOpenRun(db, row.id)) return false;
        allowance -= row.pages;
        return true;
      });
      // Asked for by hand (--all), or without a hub, it runs here at once; a due pass with one runs what this desk claims.
      const claims = deps.claims;
      if (all || !claims?.connected()) return Promise.resolve(report(queueRuns(rows)));
      return claimed(claims!, rows).then(async (mine) => {
        const queued = queueRuns(mine);
        const ran = new Set(queued.map((run) => run.watchId));
        await claims.done(mine.filter((row) => ran.has(row.id)).map(slotOf));
        return report(queued);
      });
    },

    changes(query) {
      deps.beforeRead?.();
      const filter = {
        ...(query.since !== undefined ? { since: query.since } : {}),
        ...(query.watchId !== undefined ? { watchId: query.watchId } : {}),
        ...(query.itemId !== undefined ? { itemId: query.itemId } : {}),
        ...(query.unreadOnly ? { unreadOnly: true } : {}),
      };
      return {
        changes: changes.changes(db, filter, query.limit ?? 100, query.offset ?? 0),
        total: changes.count(db, filter),
        unread: changes.count(db, { unreadOnly: true }),
      };
    },

    markRead({ ids, all }) {
      writeTransaction(db, (tx) => changes.markRead(tx, all ? 'all' : (ids ?? [])));
      return { unread: changes.count(db, { unreadOnly: true }) };
    },
  };
}

const slotOf = (row: WatchRow) => ({ gid: row.global_id, dueAt: row.next_due_at });

function toSummary(row: WatchRow, unread: number): WatchSummary {
  const target: WatchTarget =
    row.target_kind === 'item'
      ? { kind: 'item', itemId: row.item_id ?? 0 }
      : {
          kind: 'operation',
          operation: row.target_operation as OperationId,
          params: JSON.parse(row.target_params) as Record<string, string | number | boolean | null>,
        };
  return {
    id: row.id,
    label: row.label,
    target,
    interval: row.interval,
    paused: row.paused === 1,
    createdAt: row.created_at,
    lastRunAt: row.last_run_at,
    nextDueAt: row.next_due_at,
    lastError: row.last_error,
    requestsPerDay: roundCost(requestsPerDay(row.interval, row.pages)),
    unread,
    member: row.member,
  };
}
