import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnswersRepository, createChangesRepository, readHubId } from '../../../../../src/main/core/store/hub';
import { getItemDetail } from '../../../../../src/main/core/library/items';
import { createTeamSyncRepository } from '../../../../../src/main/core/store/team/team-sync-repository';
import { startPgCluster, type PgCluster } from '../../../../helpers/pg-cluster';
import { integrity, openDesk, snapshot, syncAll, type Desk } from './desks';

describe('one library across desks (team sync)', () => {
  let cluster: PgCluster;
  const open: Desk[] = [];
  const desk = async (name: string) => {
    const made = await openDesk(cluster, name);
    open.push(made);
    return made;
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 120_000);
  afterAll(() => cluster?.stop());
  beforeEach(async () => {
    // Every test starts from an empty hub (the schema stays).
    const tables = await cluster.adminQuery<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE tablename = 'changes'");
    if (Number(tables[0]?.n) > 0) await cluster.adminQuery('TRUNCATE changes, answers, answer_bodies, members CASCADE');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close()));
  });

  it('brings three desks to the same items, collections, order, notes and tags', async () => {
    const [ana, ben, cleo] = [await desk('Ana'), await desk('Ben'), await desk('Cleo')];
    const anaItems = ana.fetch(['v1', 'v2', 'v3']);
    ben.fetch(['v3', 'v4']);
    ana.library.create('Harbour story');
    ana.library.add('Harbour story', anaItems);
    ana.library.move('Harbour story', anaItems[2]!, -2);
    ana.library.setNote(anaItems[0]!, 'Check the date with the port', 'Harbour story');
    ana.library.tag([anaItems[1]!], 'verified');
    ben.library.create('Tips');
    ben.library.add('Tips', [ben.itemId('v4')]);
    ben.library.setNote(ben.itemId('v3'), 'Seen on two channels');

    await syncAll([ana, ben, cleo]);

    const expected = snapshot(ana);
    expect(expected.collections).toHaveLength(2);
    expect(expected.items).toHaveLength(4);
    expect(snapshot(ben)).toEqual(expected);
    expect(snapshot(cleo)).toEqual(expected);
    const story = (expected.collections as { name: string; members: string }[]).find((c) => c.name === 'Harbour story')!;
    expect(JSON.parse(story.members)).toEqual(['v3', 'v1', 'v2']);
    for (const d of [ana, ben, cleo]) expect(integrity(d)).toBe('ok');
    // Item detail can say who fetched it and who wrote its note.
    expect(cleo.sync.conflicts.authorsOf(cleo.itemId('v1'))).toEqual({
      fetchedBy: ['Ana'],
      notes: [{ collection: 'Harbour story', member: 'Ana', at: expect.any(String) }],
    });
    expect(ana.sync.conflicts.authorsOf(ana.itemId('v1')).fetchedBy).toEqual([]);
    expect(ana.sync.status().sync).toMatchObject({ pendingPush: 0, conflicts: 0, lastError: null });

    // A rename, a removal and an untag travel the same way.
    ben.library.rename('Harbour story', 'Harbour (final)');
    ben.library.remove('Harbour (final)', [ben.itemId('v1')]);
    ben.library.untag([ben.itemId('v2')], 'verified');
    await syncAll([ben, ana, cleo]);
    expect(snapshot(ana)).toEqual(snapshot(ben));
    expect(snapshot(cleo)).toEqual(snapshot(ben));
    expect(ana.library.list().map((c) => c.name)).toEqual(['Harbour (final)', 'Tips']);
    expect(snapshot(cleo).tags).toEqual([]);
  });

  it('keeps both texts of a note edited offline on two desks, on both desks, until one is kept', async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    ana.fetch(['n1']);
    ana.library.setNote(ana.itemId('n1'), 'First draft');
    await syncAll([ana, ben]);
    expect(snapshot(ben).notes).toEqual([{ native_id: 'n1', gid: '', body: 'First draft' }]);

    ana.online = false;
    ben.online = false;
    ana.library.setNote(ana.itemId('n1'), 'Ana’s version');
    ben.library.setNote(ben.itemId('n1'), 'Ben’s version');
    ana.online = true;
    ben.online = true;
    await syncAll([ana, ben]);

    for (const d of [ana, ben]) {
      const conflicts = d.sync.conflicts.ofItem(d.itemId('n1'));
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]!.versions.map((v) => [v.body, v.member])).toEqual([
        ['Ana’s version', 'Ana'],
        ['Ben’s version', 'Ben'],
      ]);
      expect(d.sync.status().sync.conflicts).toBe(1);
    }
    expect(snapshot(ana)).toEqual(snapshot(ben));
    // Item detail carries both versions, with who and when.
    expect(getItemDetail(ana.db, ana.itemId('n1')).team?.noteConflicts[0]?.versions.map((v) => v.member)).toEqual(['Ana', 'Ben']);
    expect(getItemDetail(ana.db, ana.itemId('n1')).team?.noteAuthors).toEqual([
      { collection: null, member: 'Ben', at: expect.any(String) },
    ]);

    const [conflict] = ben.sync.conflicts.ofItem(ben.itemId('n1'));
    ben.sync.conflicts.resolve(conflict!.id, 'Ana’s version, with Ben’s source', new Date().toISOString());
    await syncAll([ben, ana]);
    for (const d of [ana, ben]) expect(d.sync.conflicts.ofItem(d.itemId('n1'))).toEqual([]);
    expect(snapshot(ana).notes).toEqual([{ native_id: 'n1', gid: '', body: 'Ana’s version, with Ben’s source' }]);
    expect(snapshot(ben)).toEqual(snapshot(ana));
    expect(getItemDetail(ben.db, ben.itemId('n1')).team).toEqual({ fetchedBy: ['Ana'], noteAuthors: [], noteConflicts: [] });
    expect(getItemDetail(ana.db, ana.itemId('n1')).team?.noteAuthors.map((a) => a.member)).toEqual(['Ben']);
  });

  it('merges order changes made on two desks into the same order on both, whichever syncs first', async () => {
    const [ana, ben, cleo] = [await desk('Ana'), await desk('Ben'), await desk('Cleo')];
    ana.fetch(['o1', 'o2', 'o3', 'o4', 'o5', 'o6']);
    ana.library.create('Order');
    ana.library.add(
      'Order',
      ['o1', 'o2', 'o3'].map((id) => ana.itemId(id)),
    );
    await syncAll([ana, ben, cleo]);

    ana.online = false;
    ben.online = false;
    // Both append at the same place, and both move things.
    ana.library.add('Order', [ana.itemId('o4'), ana.itemId('o5')]);
    ana.library.move('Order', ana.itemId('o3'), -2);
    ben.library.add('Order', [ben.itemId('o6')]);
    ben.library.move('Order', ben.itemId('o1'), 2);
    ben.online = true;
    ana.online = true;
    await syncAll([ben, cleo, ana]);

    const order = (d: Desk) => d.library.items('Order').items.map((row) => row.id);
    const nativeOrder = (d: Desk) =>
      order(d).map((id) => d.db.prepare<[number], string>('SELECT native_id FROM items WHERE id = ?').pluck().get(id));
    expect(nativeOrder(ana)).toHaveLength(6);
    expect(nativeOrder(ben)).toEqual(nativeOrder(ana));
    expect(nativeOrder(cleo)).toEqual(nativeOrder(ana));
  });

  it('deletes a collection everywhere even when another desk added to it meanwhile, keeping the items and saying so', async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    ana.fetch(['d1', 'd2']);
    ana.library.create('Doomed');
    ana.library.add('Doomed', [ana.itemId('d1')]);
    await syncAll([ana, ben]);

    ben.online = false;
    ben.library.add('Doomed', [ben.itemId('d2')]);
    ana.library.delete('Doomed');
    await ana.sync.syncOnce();
    ben.online = true;
    await syncAll([ben, ana]);

    for (const d of [ana, ben]) {
      expect(d.library.list()).toEqual([]);
      expect(snapshot(d).items).toHaveLength(2);
    }
    expect(snapshot(ben)).toEqual(snapshot(ana));
    const aside = ben.db.prepare<[], { reason: string }>("SELECT reason FROM team_sync_aside WHERE kind = 'change'").all();
    expect(aside.some((row) => row.reason.includes('Ana had deleted'))).toBe(true);
  });

  it('applies a change about an item this desk lacks once the item is here, unless a later change made it moot', async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    ana.library.create('Late');
    ana.library.add('Late', ana.fetch(['w1', 'w2']));
    await ana.sync.syncOnce();
    // The answers had not reached the hub when Ben pulled (the changes had): his library lacks both items.
    await cluster.adminQuery('TRUNCATE answers, answer_bodies CASCADE');
    await ben.sync.syncOnce();
    expect(ben.library.list().find((c) => c.name === 'Late')?.itemCount).toBe(0);
    const waiting = () =>
      (ben.db.prepare("SELECT change FROM team_sync_aside WHERE kind = 'change-waiting' ORDER BY hub_seq").pluck().all() as string[]).map(
        (text) => {
          const change = JSON.parse(text) as { op: string; key: { item: { nativeId: string } } };
          return `${change.op} ${change.key.item.nativeId}`;
        },
      );
    expect(waiting()).toEqual(['add w1', 'add w2']);

    // w2 leaves the collection on Ana's desk before Ben has it: that later word replaces the addition.
    ana.library.remove('Late', [ana.itemId('w2')]);
    await ana.sync.syncOnce();
    await ben.sync.syncOnce();
    expect(waiting()).toEqual(['add w1', 'remove w2']);

    // The items reach Ben (here by his own fetch, as overlapping imports do): the waiting change applies.
    ben.fetch(['w1', 'w2']);
    await ben.sync.syncOnce();
    expect(waiting()).toEqual([]);
    expect(snapshot(ben).collections).toEqual(snapshot(ana).collections);
    expect(JSON.parse((snapshot(ben).collections as { members: string }[])[0]!.members)).toEqual(['w1']);
  });

  it('sets aside a pulled answer whose body is broken and stores the ones after it', async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    const answers = createAnswersRepository(ana.hub);
    const base = {
      operation: 'videosite/search',
      params: {},
      requestUrl: 'https://x.test/',
      status: 200,
      fetchedAt: new Date().toISOString(),
      durationMs: 5,
      nextPage: null,
      demo: false,
    };
    await answers.push(ana.deskId, { ...base, requestId: 'broken-1', body: '{"data": [trunc' });
    await answers.push(ana.deskId, { ...base, requestId: 'unknown-op', operation: 'nowhere/else', body: '{"data":{}}' });
    ana.fetch(['b1']);
    await ana.sync.syncOnce();
    await ben.sync.syncOnce();

    expect(snapshot(ben).items).toEqual(snapshot(ana).items);
    const aside = ben.db.prepare<[], { reason: string }>("SELECT reason FROM team_sync_aside WHERE kind = 'answer' ORDER BY id").all();
    expect(aside.map((row) => row.reason)).toEqual([
      expect.stringContaining('not JSON'),
      expect.stringContaining('not one this version knows'),
    ]);
    expect(ben.logLines.some((line) => line.includes('kept aside'))).toBe(true);
  });

  it('lets a desk work on while the hub is down, then catches up; a desk that was never online catches up too', async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    ana.fetch(['h1', 'h2']);
    ana.library.create('Live');
    ana.library.add('Live', [ana.itemId('h1')]);
    await ana.sync.syncOnce();

    cluster.pause();
    try {
      ana.library.add('Live', [ana.itemId('h2')]);
      ana.library.setNote(ana.itemId('h2'), 'Written while the hub was down');
      await expect(ana.sync.syncOnce()).rejects.toMatchObject({ code: 'HUB_UNREACHABLE' });
      expect(ana.sync.status().sync.pendingPush).toBeGreaterThan(0);
      expect(ana.sync.status().sync.lastError).toMatch(/./);
    } finally {
      cluster.resume();
    }
    await syncAll([ana, ben]);
    const late = await desk('Late');
    await late.sync.syncOnce();
    expect(snapshot(ben)).toEqual(snapshot(ana));
    expect(snapshot(late)).toEqual(snapshot(ana));
    expect(ana.sync.status().sync).toMatchObject({ pendingPush: 0, lastError: null });
    for (const d of [ana, ben, late]) expect(integrity(d)).toBe('ok');
  });

  it('adds nothing twice when a desk is killed between the hub’s commit and its own', async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    ana.fetch(['k1', 'k2']);
    ana.library.create('Twice');
    ana.library.add('Twice', [ana.itemId('k1'), ana.itemId('k2')]);
    ana.library.setNote(ana.itemId('k2'), 'Once');
    // What a push does before the desk dies: the hub has the changes, the outbox still holds them.
    const outbox = createTeamSyncRepository(ana.db).outbox(100);
    await createChangesRepository(ana.hub).push(
      ana.deskId,
      outbox.map((row) => ({ ...row, localId: row.id, key: JSON.parse(row.key), payload: JSON.parse(row.payload) })),
    );
    await ana.sync.syncOnce();
    await ana.sync.syncOnce();
    await ben.sync.syncOnce();

    const changes = await cluster.adminQuery<{ n: string }>('SELECT count(*) AS n FROM changes');
    expect(Number(changes[0]!.n)).toBe(outbox.length);
    const answers = await cluster.adminQuery<{ n: string }>('SELECT count(*) AS n FROM answers');
    expect(Number(answers[0]!.n)).toBe(1);
    expect(snapshot(ben)).toEqual(snapshot(ana));
    expect(ana.sync.status().sync.pendingPush).toBe(0);
  });

  it('pulls a colleague’s change when the hub announces it, without waiting for the periodic pull', async () => {
    const ana = await desk('Ana');
    let arrived: () => void = () => undefined;
    const announcedArrived = new Promise<void>((resolve) => (arrived = resolve));
    // The desk's timers do nothing here: only the hub's notice can bring the change.
    const listening: Desk = await openDesk(cluster, 'Listener', {
      onPulled: () => {
        if (listening.library.list().some((c) => c.name === 'Announced')) arrived();
      },
    });
    open.push(listening);
    listening.sync.onSession({
      db: listening.hub,
      deskId: listening.deskId,
      memberName: 'Listener',
      hubId: await readHubId(listening.hub),
    });
    await listening.sync.whenListening();
    ana.fetch(['l1']);
    ana.library.create('Announced');
    await ana.sync.syncOnce();
    await announcedArrived;
    expect(snapshot(listening)).toEqual(snapshot(ana));
  });
});
