import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventName } from '../../../../src/shared/bridge-names';
import type { TeamStatus } from '../../../../src/shared/team';
import { createLogger } from '../../../../src/main/core/log';
import type { Timers } from '../../../../src/main/core/queue/timers';
import { createMemoryHubPasswordStore } from '../../../../src/main/core/secrets/hub-password-store';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createSettingsRepository, type SettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { parseHubUrl } from '../../../../src/main/core/team/hub-url';
import type { TeamPart } from '../../../../src/main/core/team/part';
import { createTeamRuntime, type TeamRuntime } from '../../../../src/main/core/team/runtime';
import type { HubSession } from '../../../../src/main/core/team/session';
import { readTeamSettings } from '../../../../src/main/core/team/settings';
import { startPgCluster, type PgCluster } from '../../../helpers/pg-cluster';

/** Timers that only fire when the test says so (no sleeping, no timed assertions). */
function manualTimers(): Timers & { pending: Map<number, { callback: () => void; ms: number }>; fireFirst(): void } {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 1;
  return {
    pending,
    setTimeout(callback, ms) {
      pending.set(next, { callback, ms });
      return next++;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    fireFirst() {
      const [handle, timer] = [...pending.entries()][0]!;
      pending.delete(handle);
      timer.callback();
    },
  };
}

function desk(settings?: SettingsRepository) {
  const repo = settings ?? createSettingsRepository(openDatabase({ path: ':memory:' }), () => new Date());
  const secrets = createMemoryHubPasswordStore();
  const timers = manualTimers();
  const lines: string[] = [];
  const emitted: { event: EventName; payload: unknown }[] = [];
  const sessions: (HubSession | null)[] = [];
  const part: TeamPart = { name: 'recorder', onSession: (session) => sessions.push(session) };
  const runtime = createTeamRuntime({
    settings: repo,
    secrets,
    clock: { now: () => Date.now() },
    timers,
    log: createLogger((line) => lines.push(line)),
    events: { emit: (event, payload) => emitted.push({ event, payload }) },
    appVersion: '0.0.0-test',
    defaultMember: () => 'os-user',
  });
  runtime.use(part);
  return { settings: repo, secrets, timers, lines, emitted, sessions, runtime };
}

describe('the team runtime against a real hub', () => {
  let cluster: PgCluster;
  const open: TeamRuntime[] = [];
  beforeAll(async () => {
    cluster = await startPgCluster();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(open.map((runtime) => runtime.close()));
    cluster?.stop();
  });
  beforeEach(() => {
    if (cluster) cluster.resume();
  });

  it('connects, migrates the hub, registers the member and keeps the password in the keychain only', async () => {
    const a = desk();
    open.push(a.runtime);
    const status = await a.runtime.connect(cluster.url, 'Ana', cluster.password);
    expect(status).toMatchObject({ state: 'connected', url: cluster.url, member: 'Ana', message: null });
    expect(status.members).toEqual([expect.objectContaining({ name: 'Ana', deskId: status.deskId, connected: true })]);
    expect(a.secrets.entries.get(parseHubUrl(cluster.url).keychainAccount)).toBe(cluster.password);
    expect(JSON.stringify(a.settings.entries('team.'))).not.toContain(cluster.password);
    expect(a.sessions.at(-1)).toMatchObject({ deskId: status.deskId, memberName: 'Ana' });
    expect(a.emitted.some((e) => e.event === 'team.status' && (e.payload as TeamStatus).state === 'connected')).toBe(true);
    const tables = await cluster.adminQuery<{ version: number }>('SELECT max(version) AS version FROM gleaner_hub_migrations');
    expect(tables[0]!.version).toBeGreaterThanOrEqual(2);
  });

  it('leaves the settings as they were when the password is wrong', async () => {
    const a = desk();
    await expect(a.runtime.connect(cluster.url, 'Ben', 'not-the-password')).rejects.toMatchObject({ code: 'HUB_REFUSED' });
    expect(readTeamSettings(a.settings)).toMatchObject({ url: null, member: null, deskId: null });
    expect(a.secrets.entries.size).toBe(0);
    expect(a.runtime.status().state).toBe('not-connected');
    expect(a.lines.join('\n')).not.toContain('not-the-password');
  });

  it('says the hub offers no TLS when the URL asks for it, rather than that a certificate failed', async () => {
    const a = desk();
    const error = (await a.runtime.connect(`${cluster.url}?sslmode=require`, 'Ben', cluster.password).then(
      () => null,
      (e: unknown) => e,
    )) as { code: string; message: string };
    expect(error.code).toBe('HUB_REFUSED');
    expect(error.message).toMatch(/does not offer TLS/);
    expect(error.message).not.toMatch(/could not be verified/);
    expect(readTeamSettings(a.settings).url).toBeNull();
  });

  it('refuses a hub set up by a newer Gleaner and saves nothing', async () => {
    await cluster.adminQuery("INSERT INTO gleaner_hub_migrations (version, name) VALUES (999, 'from-the-future')");
    try {
      const a = desk();
      await expect(a.runtime.connect(cluster.url, 'Cleo', cluster.password)).rejects.toMatchObject({ code: 'DATABASE_TOO_NEW' });
      expect(readTeamSettings(a.settings).url).toBeNull();
    } finally {
      await cluster.adminQuery('DELETE FROM gleaner_hub_migrations WHERE version = 999');
    }
  });

  it('works offline while the hub is down, retries with backoff, and reconnects when it is back', async () => {
    const a = desk();
    open.push(a.runtime);
    await a.runtime.connect(cluster.url, 'Dan', cluster.password);
    expect([...a.timers.pending.values()].map((t) => t.ms)).toEqual([30_000]);
    cluster.pause();
    const offline = await a.runtime.refresh();
    expect(offline.state).toBe('offline');
    expect(offline.message).toMatch(/cannot be reached/);
    expect(offline.members).toEqual([]);
    expect(a.sessions.at(-1)).toBeNull();
    // The next attempt is scheduled; a failed one doubles the wait.
    expect([...a.timers.pending.values()].map((t) => t.ms)).toEqual([2_000]);
    a.timers.fireFirst();
    await a.runtime.settled();
    expect([...a.timers.pending.values()].map((t) => t.ms)).toEqual([4_000]);
    cluster.resume();
    const back = await a.runtime.refresh();
    expect(back).toMatchObject({ state: 'connected', message: null });
    expect(back.members.map((m) => m.name)).toContain('Dan');
    expect(a.sessions.at(-1)).toMatchObject({ memberName: 'Dan' });
  }, 60_000);

  it('reconnects on start with the password kept in the keychain, as a restarted app does', async () => {
    const a = desk();
    await a.runtime.connect(cluster.url, 'Eve', cluster.password);
    const deskId = a.runtime.status().deskId;
    await a.runtime.close();
    const again = createTeamRuntime({
      settings: a.settings,
      secrets: a.secrets,
      clock: { now: () => Date.now() },
      timers: manualTimers(),
      log: createLogger(() => undefined),
      events: { emit: () => undefined },
      appVersion: '0.0.0-test',
    });
    open.push(again);
    again.start();
    await again.settled();
    expect(again.status()).toMatchObject({ state: 'connected', member: 'Eve', deskId });
  });

  it('disconnects: marks the member, forgets the hub and its password, and the queue is alone again', async () => {
    const a = desk();
    const connected = await a.runtime.connect(cluster.url, 'Fay', cluster.password);
    expect(a.runtime.queueHooks()).toBeNull(); // the recorder part has no hooks
    const status = await a.runtime.disconnect();
    expect(status).toMatchObject({ state: 'not-connected', url: null, members: [], member: 'Fay' });
    expect(a.secrets.entries.size).toBe(0);
    expect(a.timers.pending.size).toBe(0);
    const rows = await cluster.adminQuery<{ disconnected_at: Date | null }>('SELECT disconnected_at FROM members WHERE desk_id = $1', [
      connected.deskId,
    ]);
    expect(rows[0]!.disconnected_at).not.toBeNull();
    await expect(a.runtime.syncOnce()).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await a.runtime.close();
  });

  it('lists colleagues connected to the same hub', async () => {
    const a = desk();
    const b = desk();
    open.push(a.runtime, b.runtime);
    await a.runtime.connect(cluster.url, 'Gus', cluster.password);
    await b.runtime.connect(cluster.url, 'Hal', cluster.password);
    const seen = await a.runtime.refresh();
    expect(seen.members.filter((m) => m.connected).map((m) => m.name)).toEqual(expect.arrayContaining(['Gus', 'Hal']));
  });
});
