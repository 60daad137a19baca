import { describe, expect, it } from 'vitest';
import { createAnswersRepository } from '../../../../../src/main/core/store/hub';
import { createTeamSyncRepository } from '../../../../../src/main/core/store/team/team-sync-repository';
import { type Desk, deskSuite, integrity, openDesk, snapshot, syncAll } from './desks';

/** A desk that moves to another hub shares everything it holds there, and forgets nothing here. */
describe('team sync with a new hub', () => {
  const suite = deskSuite();
  const desk = async (name: string) => {
    const made = await openDesk(suite.cluster, name);
    suite.open.push(made);
    return made;
  };
  const hubAnswers = async (d: Desk) => (await createAnswersRepository(d.hub).since(0, 10_000)).length;

  it('shares the whole library with the new hub, colleagues’ answers included, and keeps who fetched them', async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    const [v1] = ana.fetch(['v1', 'v2']);
    ana.library.create('Story');
    ana.library.add('Story', [v1!]);
    ana.library.setNote(v1!, 'Ask the port office', 'Story');
    ben.fetch(['v3']);
    ben.library.tag([ben.itemId('v3')], 'lead');
    await syncAll([ana, ben]);
    expect(snapshot(ana)).toEqual(snapshot(ben));

    await suite.cluster.adminQuery(`CREATE DATABASE second_hub OWNER ${suite.cluster.user}`);
    await ana.moveTo('second_hub');
    ana.library.setNote(v1!, 'Port office confirmed', 'Story');
    await ana.sync.syncOnce();

    const cleo = await desk('Cleo');
    await cleo.moveTo('second_hub');
    await cleo.sync.syncOnce();
    expect(snapshot(cleo)).toEqual(snapshot(ana));
    expect(snapshot(cleo).items).toHaveLength(3);
    expect(snapshot(cleo).tags).toEqual([{ native_id: 'v3', gid: '', tag: 'lead' }]);
    expect(await hubAnswers(cleo)).toBe(2);
    // Ana's library still says Ben fetched v3, though the new hub has it from her desk.
    expect(ana.sync.conflicts.authorsOf(ana.itemId('v3')).fetchedBy).toEqual(['Ben']);
    expect(ana.sync.status().sync).toMatchObject({ pendingPush: 0, conflicts: 0, lastError: null });
    // Ana's custody log went with her: Cleo keeps it whole as Ana's chain.
    const chain = (d: Desk, sql: string, ...params: string[]) =>
      d.db
        .prepare<string[], number>(sql)
        .pluck()
        .get(...params);
    expect(chain(cleo, 'SELECT count(*) FROM custody_imported WHERE origin = ?', `team:${ana.deskId}`)).toBe(
      chain(ana, 'SELECT count(*) FROM custody_log'),
    );
    // The old hub heard nothing of what Ana did after she moved.
    await ben.sync.syncOnce();
    expect((snapshot(ben).notes as { body: string }[]).map((n) => n.body)).toEqual(['Ask the port office']);
    for (const d of [ana, ben, cleo]) expect(integrity(d)).toBe('ok');
  });

  it('starts afresh when the address it knows now serves a rebuilt hub, and not when it is the same hub', async () => {
    await suite.cluster.adminQuery(`CREATE DATABASE rebuilt_hub OWNER ${suite.cluster.user}`);
    const ana = await desk('Ana');
    await ana.moveTo('rebuilt_hub');
    ana.fetch(['r1']);
    ana.library.create('Leads');
    await ana.sync.syncOnce();

    // Reconnecting to the same hub changes nothing: nothing is queued again.
    await ana.moveTo('rebuilt_hub');
    await ana.sync.syncOnce();
    expect(ana.sync.status().sync.pendingPush).toBe(0);
    expect(await hubAnswers(ana)).toBe(1);

    // The database is rebuilt empty behind the same address.
    await ana.hub.close();
    await suite.cluster.adminQuery(`DROP DATABASE rebuilt_hub WITH (FORCE)`);
    await suite.cluster.adminQuery(`CREATE DATABASE rebuilt_hub OWNER ${suite.cluster.user}`);
    await ana.moveTo('rebuilt_hub');
    const before = createTeamSyncRepository(ana.db).hubId();
    await ana.sync.syncOnce();
    expect(createTeamSyncRepository(ana.db).hubId()).not.toBe(before);

    const dan = await desk('Dan');
    await dan.moveTo('rebuilt_hub');
    await dan.sync.syncOnce();
    expect(snapshot(dan)).toEqual(snapshot(ana));
    expect(snapshot(dan).collections).toHaveLength(1);
    expect(await hubAnswers(dan)).toBe(1);
  });
});
