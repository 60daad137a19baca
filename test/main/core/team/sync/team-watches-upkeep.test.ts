import { describe, expect, it } from 'vitest';
import { createTeamSyncRepository } from '../../../../../src/main/core/store/team/team-sync-repository';
import { watchChangesRepository } from '../../../../../src/main/core/store/watch/watch-changes-repository';
import { writeTransaction } from '../../../../../src/main/core/store/write-transaction';
import { type Desk, deskSuite, openDesk, syncAll } from './desks';
import { watched, watchesOf } from './watch-desks';

/** The loose ends of shared watches: a move to another hub, a watch ahead of its item, old claims, what waits to be pushed. */
describe('watches with a team hub: moving, waiting, upkeep', () => {
  const suite = deskSuite();
  let hubs = 0;
  const newHub = async (): Promise<string> => {
    hubs += 1;
    await suite.cluster.adminQuery(`CREATE DATABASE upkeep_hub_${hubs} OWNER ${suite.cluster.user}`);
    return `upkeep_hub_${hubs}`;
  };
  const deskOn = async (hub: string, name: string): Promise<Desk> => {
    const made = await openDesk(suite.cluster, name);
    suite.open.push(made);
    await made.moveTo(hub);
    return made;
  };
  const count = (d: Desk, sql: string): number => d.db.prepare<[], number>(sql).pluck().get()!;
  const hubCount = async (d: Desk, sql: string): Promise<number> => Number((await d.hub.rows<{ n: string }>(sql))[0]!.n);
  const search = (query: string) => ({ kind: 'operation' as const, operation: 'videosite/search' as const, params: { query } });
  /** Copies this desk's watch log to the hub as its own push would, before the answers it needs are there. */
  const pushLogAhead = async (d: Desk) => {
    const rows = d.db.prepare<[], { seq: number; entry: string }>('SELECT seq, entry FROM team_watch_log ORDER BY seq').all();
    for (const row of rows) {
      await d.hub.rows(
        'INSERT INTO watch_entries (member, entry_seq, entry) VALUES ($1, $2, $3::jsonb) ON CONFLICT (member, entry_seq) DO NOTHING',
        [d.deskId, row.seq, row.entry],
      );
    }
  };

  it('shares every watch a desk holds with the hub it moves to, colleagues’ and their changes included, once', async () => {
    const first = await newHub();
    const [ana, ben] = [await deskOn(first, 'Ana'), await deskOn(first, 'Ben')];
    const [anaWatches, benWatches] = [watchesOf(ana), watchesOf(ben)];
    const [v1] = ben.fetch(['v1']);
    const bens = benWatches.add({ target: search('harbour'), interval: '1h' });
    const anas = anaWatches.add({ target: search('port office'), interval: '1d' });
    anaWatches.setPaused(anas.id, true);
    // What examining Ben's run records when the video's title changed.
    writeTransaction(ben.db, (tx) =>
      watchChangesRepository.addChange(tx, {
        watchId: bens.id,
        itemId: v1!,
        change: 'edited',
        field: 'title',
        before: 'Video v1',
        after: 'Video v1 (corrected)',
        responseId: null,
        requestId: 'req-ben-run',
        sha256: null,
        at: new Date().toISOString(),
        words: null,
      }),
    );
    await syncAll([ana, ben]);
    expect(watched(ana)).toHaveLength(2);

    const second = await newHub();
    await ana.moveTo(second);
    await ana.sync.syncOnce();
    const cleo = await deskOn(second, 'Cleo');
    await cleo.sync.syncOnce();
    expect(watched(cleo)).toEqual(watched(ana));
    expect(watched(cleo)).toHaveLength(2);
    const cleoWatches = watchesOf(cleo);
    const harbour = cleoWatches.list().watches.find((w) => w.label === bens.label)!;
    expect(cleoWatches.changes({}).changes).toMatchObject([
      { watchId: harbour.id, itemId: cleo.itemId('v1'), change: 'edited', after: 'Video v1 (corrected)' },
    ]);

    // Reconnecting to the same hub sends nothing again.
    const entries = await hubCount(cleo, 'SELECT count(*) AS n FROM watch_entries');
    await ana.moveTo(second);
    await ana.sync.syncOnce();
    expect(await hubCount(cleo, 'SELECT count(*) AS n FROM watch_entries')).toBe(entries);
    expect(ana.sync.status().sync.pendingPush).toBe(0);

    // Ben moves too: what he shares again is what Cleo holds already, so nothing is there twice.
    await ben.moveTo(second);
    await syncAll([ben, cleo]);
    expect(watched(cleo)).toEqual(watched(ben));
    expect(cleoWatches.changes({}).total).toBe(1);
    expect(watchesOf(ben).changes({}).total).toBe(1);
  });

  it('takes up a pulled watch once the answer carrying its item arrives, unless it was removed meanwhile', async () => {
    const hub = await newHub();
    const [ana, ben] = [await deskOn(hub, 'Ana'), await deskOn(hub, 'Ben')];
    const anaWatches = watchesOf(ana);
    // Eleven characters: a link the video site's details operation takes, so the items can be watched.
    const [kept, dropped] = ana.fetch(['harbourv009', 'harbourv010']);
    const keptWatch = anaWatches.add({ target: { kind: 'item', itemId: kept! }, interval: '6h' });
    const droppedWatch = anaWatches.add({ target: { kind: 'item', itemId: dropped! }, interval: '6h' });
    anaWatches.remove(droppedWatch.id);
    await pushLogAhead(ana);

    await ben.sync.syncOnce();
    expect(watched(ben)).toEqual([]);
    // The removed watch's entry is stale at once (its removal came after it); the other waits for its item.
    expect(count(ben, "SELECT count(*) FROM team_sync_aside WHERE kind = 'watch'")).toBe(1);

    // Ana's sync pushes the answer with both items; Ben's next pull takes the watch up.
    await ana.sync.syncOnce();
    await ben.sync.syncOnce();
    expect(watched(ben)).toEqual(watched(ana));
    expect(watchesOf(ben).list().watches).toMatchObject([
      { label: keptWatch.label, target: { kind: 'item', itemId: ben.itemId('harbourv009') } },
    ]);
    expect(count(ben, 'SELECT count(*) FROM team_sync_aside')).toBe(0);
    // Nothing taken up is logged back to the hub as Ben's.
    expect(count(ben, 'SELECT count(*) FROM team_watch_log')).toBe(0);
  });

  it('deletes claims on due slots once no check can need them, when a desk claims its next ones', async () => {
    const hub = await newHub();
    const ana = await deskOn(hub, 'Ana');
    const anaWatches = watchesOf(ana);
    anaWatches.add({ target: search('flood defences'), interval: '1h' });
    await ana.sync.syncOnce();
    const old = '00000000-0000-4000-8000-000000000001';
    const recent = '00000000-0000-4000-8000-000000000002';
    await ana.hub.rows(
      `INSERT INTO watch_claims (watch_gid, due_at, member, claimed_until, done) VALUES
         ($1, '2026-01-01T00:00:00.000Z', $3, now() - interval '8 days', true),
         ($1, '2026-01-01T01:00:00.000Z', $3, now() - interval '8 days', false),
         ($2, '2026-01-02T00:00:00.000Z', $3, now() - interval '1 day', true)`,
      [old, recent, ana.deskId],
    );
    expect((await anaWatches.run({})).queued).toBe(1);
    const left = await ana.hub.rows<{ watch_gid: string }>('SELECT watch_gid FROM watch_claims ORDER BY watch_gid');
    const [mine] = watched(ana) as { global_id: string }[];
    expect(left.map((row) => row.watch_gid)).toEqual([recent, mine!.global_id].sort());
  });

  it('counts custody entries and watch changes waiting in the outbox as waiting to be pushed', async () => {
    const hub = await newHub();
    const ana = await deskOn(hub, 'Ana');
    await ana.sync.syncOnce();
    expect(ana.sync.status().sync.pendingPush).toBe(0);
    const custodyHead = () => count(ana, 'SELECT coalesce(max(seq), 0) FROM custody_log');
    const pushedCustody = custodyHead();
    ana.online = false;
    ana.fetch(['w1']);
    const head = createTeamSyncRepository(ana.db).localHead();
    watchesOf(ana, () => false).add({ target: search('levee'), interval: '1d' });
    // What the connected desk looks at to push within a second: a watch added (logged, with its custody entry) is something new.
    expect(createTeamSyncRepository(ana.db).localHead()).not.toBe(head);
    const newCustody = custodyHead() - pushedCustody;
    expect(newCustody).toBeGreaterThan(0);
    // One answer, the custody entries logged since the last push, one watch added.
    expect(ana.sync.status().sync.pendingPush).toBe(1 + newCustody + 1);
    ana.online = true;
    await ana.sync.syncOnce();
    expect(ana.sync.status().sync.pendingPush).toBe(0);
  });
});
