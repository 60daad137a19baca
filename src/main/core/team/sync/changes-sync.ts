/**
 * What people write, across desks: the outbox pushed to the hub's change log (idempotent by desk
 * and outbox id; the rows leave the outbox only once the hub committed them), and the log pulled
 * since the local watermark, applied a batch per local write transaction with the watermark.
 */
import { appendInOrder, createChangesRepository, type ChangeToPush, type PulledChange } from '../../store/hub';
import type { TeamSyncRepository } from '../../store/team/team-sync-repository';
import { writeTransaction, type ReadableDB } from '../../store/write-transaction';
import type { HubSession } from '../session';
import { createChangeApplier } from './apply-changes';

export const CHANGES_PULLED = 'changes.pulled-through-seq';

export interface ChangesSyncDeps {
  db: ReadableDB;
  team: TeamSyncRepository;
  nowIso: () => string;
  batchSize: number;
  deskId: () => string;
}

export function createChangesSync(deps: ChangesSyncDeps) {
  const { db, team } = deps;
  const apply = createChangeApplier(db, deps.deskId);

  /**
   * Changes that waited for their item, tried again in the log's order after the newest were
   * applied (answers are pulled first, so an item that came with them is here): each applies now,
   * or keeps waiting as it was.
   */
  function takeUpWaiting(): number {
    const rows = team.waitingChanges();
    if (rows.length === 0) return 0;
    const stillWaiting = new Set<number>();
    let setAsideNow = 0;
    writeTransaction(db, (tx) => {
      // One batch, as pulled changes are applied: in the log's order, the outbox read once.
      apply(
        tx,
        rows.map((row) => JSON.parse(row.change) as PulledChange),
        (inner, seq, reason, waiting) => {
          if (waiting) return void stillWaiting.add(seq);
          // Anything else that stops it now (its collection deleted since) sets it aside as any change.
          setAsideNow += 1;
          team.setAside(inner, 'change', seq, reason, deps.nowIso());
        },
      );
      for (const row of rows) if (!stillWaiting.has(row.hubSeq)) team.removeAside(tx, row.id);
    });
    return rows.length - stillWaiting.size - setAsideNow;
  }
  return {
    pending: (): number => team.outboxCount(),

    async push(session: HubSession): Promise<number> {
      let pushed = 0;
      for (;;) {
        const rows = team.outbox(deps.batchSize);
        if (rows.length === 0) return pushed;
        const changes: ChangeToPush[] = rows.map((row) => ({
          localId: row.id,
          at: row.at,
          entity: row.entity,
          op: row.op,
          key: JSON.parse(row.key) as unknown,
          payload: JSON.parse(row.payload) as unknown,
        }));
        pushed += await appendInOrder(session.db, (tx) => createChangesRepository(tx).push(session.deskId, changes));
        writeTransaction(db, (tx) => team.removePushed(tx, rows[rows.length - 1]!.id));
      }
    },

    async pull(session: HubSession): Promise<number> {
      const hub = createChangesRepository(session.db);
      let applied = 0;
      for (;;) {
        const changes = await hub.since(team.watermark(CHANGES_PULLED), deps.batchSize);
        if (changes.length === 0) return applied + takeUpWaiting();
        writeTransaction(db, (tx) => {
          apply(tx, changes, (inner, seq, reason, waiting) => {
            if (waiting) team.setWaiting(inner, seq, reason, deps.nowIso(), waiting.subject, JSON.stringify(waiting.change));
            else team.setAside(inner, 'change', seq, reason, deps.nowIso());
          });
          team.setWatermark(tx, CHANGES_PULLED, changes[changes.length - 1]!.seq);
        });
        applied += changes.length;
      }
    },
  };
}
