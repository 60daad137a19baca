/**
 * The custody log with the team library: each desk's entries travel through the hub (custody_entries)
 * and are kept on the other desks under 'team:<desk id>' with their hashes, so a colleague's chain
 * verifies there; an answer pulled from a colleague is found by its SHA-256 among their entries.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { teamCustodyOrigin } from '../../../../src/main/core/custody/team-custody';
import { sha256Hex } from '../../../../src/main/core/store/custody/custody-functions';
import { custodyRepository } from '../../../../src/main/core/store/custody/custody-repository';
import { writeTransaction } from '../../../../src/main/core/store/write-transaction';
import { keepPulledCustody } from '../../../../src/main/core/custody/team-custody';
import { verifyChain } from '../../../../src/shared/custody';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster';
import { openDesk, syncAll, type Desk } from '../team/sync/desks';

describe('custody entries across desks', () => {
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
    const tables = await cluster.adminQuery<{ n: string }>("SELECT count(*) AS n FROM pg_tables WHERE tablename = 'changes'");
    if (Number(tables[0]?.n) > 0) await cluster.adminQuery('TRUNCATE changes, answers, answer_bodies, custody_entries, members CASCADE');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((d) => d.close()));
  });

  it("keeps a colleague's chain as it was, verifiable, and finds the answers it pulled among her entries", async () => {
    const [ana, ben] = [await desk('Ana'), await desk('Ben')];
    const [v1] = ana.fetch(['v1', 'v2']);
    ana.library.create('Harbour story');
    ana.library.add('Harbour story', [v1!]);
    ana.library.setNote(v1!, 'Check the date', 'Harbour story');

    await syncAll([ana, ben]);

    const anaChain = custodyRepository.all(ana.db);
    const keptOnBen = custodyRepository.importedFrom(ben.db, teamCustodyOrigin(ana.deskId));
    expect(keptOnBen).toEqual(anaChain);
    expect(verifyChain(keptOnBen, sha256Hex)).toBeNull();
    // And Ana keeps Ben's (his log-started entry), both chains whole on both desks.
    expect(custodyRepository.importedFrom(ana.db, teamCustodyOrigin(ben.deskId))).toEqual(custodyRepository.all(ben.db));
    // Ana's own entries came back from the hub and were not kept twice.
    expect(custodyRepository.importedFrom(ana.db, teamCustodyOrigin(ana.deskId))).toEqual([]);

    // Ben's log has only its start: the answer he pulled and the changes applied are Ana's entries.
    expect(custodyRepository.all(ben.db).map((entry) => entry.kind)).toEqual(['log-started']);
    expect(custodyRepository.importedConcerning(ben.db, { sha256s: custodyRepository.answerSha256sOf(ben.db, ben.itemId('v1')) })).toEqual([
      expect.objectContaining({ kind: 'fetch', action: 'fetched' }),
    ]);
    // Ben's item detail finds Ana's entries about the same video by its platform and native id.
    const onBen = custodyRepository.importedConcerning(ben.db, { itemIds: [ben.itemId('v1')] });
    expect(onBen.map((entry) => `${entry.kind} ${entry.action}`)).toEqual(['collection added', 'note set']);
  });

  it('refuses an entry whose hash does not match its content', async () => {
    const ana = await desk('Ana');
    const [entry] = custodyRepository.all(ana.db);
    const refused = writeTransaction(ana.db, (tx) =>
      keepPulledCustody(tx, { deskId: 'other', payload: { ...entry, actor: 'someone else' } }, '2026-01-01T00:00:00.000Z'),
    );
    expect(refused).toMatch(/does not match its hash/);
    expect(custodyRepository.importedFrom(ana.db, teamCustodyOrigin('other'))).toEqual([]);
  });
});
