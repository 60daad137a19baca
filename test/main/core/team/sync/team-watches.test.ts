import { describe, expect, it } from 'vitest';
import { watchChangesRepository } from '../../../../../src/main/core/store/watch/watch-changes-repository';
import { writeTransaction } from '../../../../../src/main/core/store/write-transaction';
import { type Desk, deskSuite, openDesk, syncAll } from './desks';
import { watched, watchesOf } from './watch-desks';

/** Watches shared through the hub (issue 30.6): one list on every desk, each due slot run by one desk. */
describe('watches with a team hub', () => {
  const suite = deskSuite();
  let hubs = 0;
  /** What each desk's sync told the host about colleagues' watch changes. */
  let told: { desk: string; added: number }[] = [];
  /** Desks on a hub of their own, so no test sees another's watches. */
  const desks = async (...names: string[]) => {
    hubs += 1;
    await suite.cluster.adminQuery(`CREATE DATABASE watch_hub_${hubs} OWNER ${suite.cluster.user}`);
    const made: Desk[] = [];
    for (const name of names) {
      const d = await openDesk(suite.cluster, name, { onWatchChanges: (added) => told.push({ desk: name, added }) });
      suite.open.push(d);
      await d.moveTo(`watch_hub_${hubs}`);
      made.push(d);
    }
    return made;
  };
  const scalar = <T>(d: Desk, sql: string): T => d.db.prepare<[], T>(sql).pluck().get()!;
  const jobs = (d: Desk) => scalar<number>(d, 'SELECT count(*) FROM jobs');
  const target = { kind: 'operation' as const, operation: 'videosite/search' as const, params: { query: 'flood defences' } };

  it('runs a watch due on two desks once, on the desk that claims its slot, and the other moves on', async () => {
    const [ana, ben] = (await desks('Ana', 'Ben')) as [Desk, Desk];
    const [anaWatches, benWatches] = [watchesOf(ana), watchesOf(ben)];
    anaWatches.add({ target, interval: '1h' });
    await syncAll([ana, ben]);
    expect(watched(ben)).toEqual(watched(ana));
    expect(watched(ben)).toHaveLength(1);

    const passes = await Promise.all([anaWatches.run({}), benWatches.run({})]);
    expect(passes.map((pass) => pass.queued).sort()).toEqual([0, 1]);
    expect(jobs(ana) + jobs(ben)).toBe(1);
    // The next pass: the desk that ran it waits for its run; the other learns the slot is done and skips it.
    await Promise.all([anaWatches.run({}), benWatches.run({})]);
    expect(jobs(ana) + jobs(ben)).toBe(1);
    const due = (d: Desk) => scalar<string>(d, 'SELECT next_due_at FROM watches');
    expect(due(ana)).toBe(due(ben));
    expect(Date.parse(due(ana))).toBeGreaterThan(Date.now());
  });

  it('shows a change a run noticed on one desk in every desk’s timeline, unread there too', async () => {
    const [ana, ben] = (await desks('Ana', 'Ben')) as [Desk, Desk];
    const [anaWatches, benWatches] = [watchesOf(ana), watchesOf(ben)];
    const [itemId] = ana.fetch(['v1']);
    const added = anaWatches.add({ target, interval: '1h' });
    await syncAll([ana, ben]);
    // What examining Ana's run records when the video's title changed.
    writeTransaction(ana.db, (tx) =>
      watchChangesRepository.addChange(tx, {
        watchId: added.id,
        itemId: itemId!,
        change: 'edited',
        field: 'title',
        before: 'Video v1',
        after: 'Video v1 (corrected)',
        responseId: null,
        requestId: 'req-ana-run',
        sha256: null,
        at: new Date().toISOString(),
        words: null,
      }),
    );
    told = [];
    await syncAll([ana, ben]);
    expect(told).toEqual([{ desk: 'Ben', added: 1 }]);
    const page = benWatches.changes({ unreadOnly: true });
    expect(page.unread).toBe(1);
    expect(page.changes).toMatchObject([
      {
        watchId: benWatches.list().watches[0]!.id,
        itemId: ben.itemId('v1'),
        change: 'edited',
        before: 'Video v1',
        after: 'Video v1 (corrected)',
      },
    ]);
    expect(benWatches.list().watches[0]!.unread).toBe(1);
    // Pulled changes are not logged back: Ana holds it once.
    expect(anaWatches.changes({}).total).toBe(1);
  });

  it('lets another desk take a slot whose claim lapsed, and runs alone while offline', async () => {
    const [ana, ben] = (await desks('Ana', 'Ben')) as [Desk, Desk];
    let benOnline = true;
    const [anaWatches, benWatches] = [watchesOf(ana), watchesOf(ben, () => benOnline)];
    anaWatches.add({ target, interval: '1h' });
    await syncAll([ana, ben]);
    const [row] = watched(ana) as { global_id: string; next_due_at: string }[];
    // Ana's desk claimed the slot and died before queuing it: its lease is over.
    await ana.hub.rows(
      `INSERT INTO watch_claims (watch_gid, due_at, member, claimed_until) VALUES ($1, $2, $3, now() - interval '1 minute')`,
      [row!.global_id, row!.next_due_at, ana.deskId],
    );
    expect((await benWatches.run({})).queued).toBe(1);
    expect((await anaWatches.run({})).queued).toBe(0);
    expect(jobs(ana)).toBe(0);

    // Offline, a desk runs its watches as it always did (here every active one, asked for by hand too).
    benOnline = false;
    ben.db.prepare("UPDATE watch_runs SET examined_at = 'x'").run();
    ben.db.prepare("UPDATE watches SET next_due_at = '2000-01-01T00:00:00.000Z'").run();
    expect((await benWatches.run({})).queued).toBe(1);
  });

  it('pauses, resumes and removes a watch on every desk', async () => {
    const [ana, ben] = (await desks('Ana', 'Ben')) as [Desk, Desk];
    const [anaWatches, benWatches] = [watchesOf(ana), watchesOf(ben)];
    const added = anaWatches.add({ target, interval: '6h' });
    await syncAll([ana, ben]);
    anaWatches.setPaused(added.id, true);
    await syncAll([ana, ben]);
    expect(benWatches.list().watches.map((w) => w.paused)).toEqual([true]);
    const benId = benWatches.list().watches[0]!.id;
    benWatches.setPaused(benId, false);
    await syncAll([ana, ben]);
    expect(anaWatches.list().watches.map((w) => w.paused)).toEqual([false]);
    expect(watched(ben)).toEqual(watched(ana));
    benWatches.remove(benId);
    await syncAll([ana, ben]);
    expect(anaWatches.list().watches).toEqual([]);
    // Nothing echoes back: each desk pushed only what people did on it.
    expect(scalar<number>(ana, 'SELECT count(*) FROM team_watch_log')).toBe(2);
    expect(scalar<number>(ben, 'SELECT count(*) FROM team_watch_log')).toBe(2);
  });

  it('shares a desk’s watches with the new hub it moves to', async () => {
    const [ana] = (await desks('Ana')) as [Desk];
    watchesOf(ana).add({ target, interval: '1d' });
    await ana.sync.syncOnce();
    await suite.cluster.adminQuery(`CREATE DATABASE watch_second_hub OWNER ${suite.cluster.user}`);
    await ana.moveTo('watch_second_hub');
    await ana.sync.syncOnce();
    const cleo = await openDesk(suite.cluster, 'Cleo');
    suite.open.push(cleo);
    await cleo.moveTo('watch_second_hub');
    await cleo.sync.syncOnce();
    expect(watched(cleo)).toEqual(watched(ana));
    expect(watched(cleo)).toHaveLength(1);
  });

  it('sets aside a malformed watch from the hub and applies the rest', async () => {
    const [ana, ben] = (await desks('Ana', 'Ben')) as [Desk, Desk];
    await ana.hub.rows(`INSERT INTO watch_entries (member, entry_seq, entry) VALUES ($1, 999, $2::jsonb)`, [
      ana.deskId,
      JSON.stringify({ gid: 'not-a-uuid', removed: 0, label: '<b>x</b>', interval: 'every second' }),
    ]);
    watchesOf(ana).add({ target, interval: '1d' });
    await syncAll([ana, ben]);
    expect(watched(ben)).toEqual(watched(ana));
    const aside = ben.db.prepare('SELECT kind, reason FROM team_sync_aside').all() as { kind: string; reason: string }[];
    expect(aside).toEqual([{ kind: 'watch', reason: "A colleague's watch was skipped: a watch this version does not read." }]);
    expect(ben.sync.status().sync.lastError).toBeNull();
  });
});
