/**
 * A desk's link to its team hub: connect (password from the caller, then kept in the keychain),
 * migrate the hub, register the member, keep a heartbeat, and when the hub goes away keep working
 * offline and reconnect with backoff. The team parts (sync, the shared quota) plug in with `use`;
 * they hear of each session and have their say before each request through `queueHooks()`.
 *
 * A library with no hub set never opens a connection, and `queueHooks()` is null for it, so the
 * queue behaves exactly as it does without a team.
 */
import { GleanerError, isGleanerError } from '../../../shared/errors';
import type { TeamMemberInfo, TeamStatus } from '../../../shared/team';
import type { Clock } from '../clock';
import type { EventHub } from '../events';
import type { Logger } from '../log';
import type { TeamQueueHooks } from '../queue/team-hooks';
import { systemTimers, type Timers } from '../queue/timers';
import type { HubPasswordStore } from '../secrets/hub-password-store';
// Named modules, not the hub's index: the index brings every part's repositories into the core's start-up.
import { openHubDB, type HubConnectionConfig, type HubDB } from '../store/hub/hub-db';
import { migrateHub } from '../store/hub/hub-migrate';
import { createMembersRepository, type HubMember } from '../store/hub/members-repository';
import { readHubId } from '../store/hub/identity-repository';
import type { SettingsRepository } from '../store/settings-repository';
import { composeQueueHooks } from './compose-hooks';
import { parseHubUrl, type HubAddress } from './hub-url';
import type { TeamPart } from './part';
import type { HubSession } from './session';
import { defaultMemberName, deskIdOf, forgetTeamHub, readTeamSettings, saveTeamConnection, validateMemberName } from './settings';

export interface TeamRuntimeDeps {
  settings: SettingsRepository;
  secrets: HubPasswordStore;
  clock: Clock;
  timers?: Timers;
  log: Logger;
  events: Pick<EventHub, 'emit'>;
  appVersion: string;
  /** Tests replace the hub's opening and migrating (a hub that refuses, one that is too new). */
  openHub?: (config: HubConnectionConfig) => Promise<HubDB>;
  migrate?: (db: HubDB) => Promise<unknown>;
  defaultMember?: () => string;
  makeDeskId?: () => string;
  heartbeatMs?: number;
  retryCapMs?: number;
}

export interface TeamRuntime {
  /** Connects to a hub (replacing any other); on failure nothing is saved and any earlier link stays. */
  connect(url: string, member: string | undefined, password: string): Promise<TeamStatus>;
  disconnect(): Promise<TeamStatus>;
  status(): TeamStatus;
  session(): HubSession | null;
  use(part: TeamPart): void;
  queueHooks(): TeamQueueHooks | null;
  /** `team sync`: every part pushes and pulls once. */
  syncOnce(): Promise<TeamStatus>;
  /** Connects in the background when a hub is set; a second call does nothing. */
  start(): void;
  /** Resolves once the connection attempt under way (if any) has ended. */
  settled(): Promise<void>;
  /** Checks the hub now: a heartbeat when connected, a reconnect attempt when offline. */
  refresh(): Promise<TeamStatus>;
  /** A part lost the hub (its LISTEN connection dropped): go offline and reconnect with backoff. */
  reportLost(error: unknown): void;
  /** A part's piece of the status changed: tell the window. */
  changed(): void;
  close(): Promise<void>;
}

const HEARTBEAT_MS = 30_000;
const RETRY_FIRST_MS = 2_000;
const RETRY_CAP_MS = 60_000;
/** A member heard from within this long, and not disconnected, is shown as connected. */
const CONNECTED_WITHIN_MS = 2 * 60_000;

interface Live {
  db: HubDB;
  session: HubSession;
  address: HubAddress;
}

const messageOf = (error: unknown): string =>
  isGleanerError(error)
    ? error.message
    : `The team hub could not be used (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}).`;

const isUnreachable = (error: unknown): boolean => isGleanerError(error) && error.code === 'HUB_UNREACHABLE';

export function createTeamRuntime(deps: TeamRuntimeDeps): TeamRuntime {
  const timers = deps.timers ?? systemTimers;
  const open = deps.openHub ?? openHubDB;
  const migrate = deps.migrate ?? migrateHub;
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const retryCapMs = deps.retryCapMs ?? RETRY_CAP_MS;
  const parts: TeamPart[] = [];
  let hooks: TeamQueueHooks | null = null;
  let live: Live | null = null;
  let state: TeamStatus['state'] = 'not-connected';
  let message: string | null = null;
  let members: HubMember[] = [];
  let heartbeat: unknown = null;
  let retry: unknown = null;
  let retryDelay = RETRY_FIRST_MS;
  let started = false;
  let closed = false;
  let lastAnnounced = '';
  let chain: Promise<unknown> = Promise.resolve();
  /** This process's first connection attempt, once started: requests wait for it rather than go out on the fallback share. */
  let firstAttempt: Promise<unknown> | null = null;

  /** One connection change at a time: connect, disconnect, heartbeat and reconnect never interleave. */
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  }

  const hubConfig = (address: HubAddress, password: string): HubConnectionConfig => ({
    url: address.url,
    password,
    applicationName: 'gleaner',
  });

  function tellParts(session: HubSession | null): void {
    for (const part of parts) {
      try {
        part.onSession?.(session);
      } catch (error) {
        deps.log.warn('a team part failed', { part: part.name, stage: 'onSession', error: messageOf(error) });
      }
    }
  }

  function stopTimers(): void {
    if (heartbeat !== null) timers.clearTimeout(heartbeat);
    if (retry !== null) timers.clearTimeout(retry);
    heartbeat = null;
    retry = null;
  }

  function announce(): void {
    const status = runtime.status();
    const text = JSON.stringify(status);
    if (text === lastAnnounced) return;
    lastAnnounced = text;
    deps.events.emit('team.status', status);
  }

  function scheduleHeartbeat(): void {
    if (closed) return;
    if (heartbeat !== null) timers.clearTimeout(heartbeat);
    heartbeat = timers.setTimeout(() => {
      heartbeat = null;
      void exclusive(beat);
    }, heartbeatMs);
  }

  function scheduleRetry(): void {
    if (closed || retry !== null) return;
    const delay = retryDelay;
    retryDelay = Math.min(retryDelay * 2, retryCapMs);
    retry = timers.setTimeout(() => {
      retry = null;
      void exclusive(attach);
    }, delay);
  }

  async function detach(): Promise<void> {
    const previous = live;
    if (!previous) return;
    live = null;
    members = [];
    if (heartbeat !== null) timers.clearTimeout(heartbeat);
    heartbeat = null;
    tellParts(null);
    await previous.db.close().catch(() => undefined);
  }

  async function goOffline(error: unknown): Promise<void> {
    await detach();
    state = 'offline';
    message = messageOf(error);
    deps.log.warn('team hub offline', { reason: message });
    if (isUnreachable(error)) scheduleRetry();
    announce();
  }

  function becomeConnected(next: Live): void {
    live = next;
    state = 'connected';
    message = null;
    retryDelay = RETRY_FIRST_MS;
    if (retry !== null) timers.clearTimeout(retry);
    retry = null;
    tellParts(next.session);
    scheduleHeartbeat();
    announce();
  }

  /** Opens, migrates and registers; closes what it opened when any step fails. */
  async function openSession(address: HubAddress, password: string, deskId: string, memberName: string): Promise<Live> {
    const db = await open(hubConfig(address, password));
    try {
      await migrate(db);
      const repository = createMembersRepository(db);
      await repository.upsert({ deskId, name: memberName, appVersion: deps.appVersion });
      members = await repository.list();
      const hubId = await readHubId(db);
      return { db, address, session: { db, deskId, memberName, hubId } };
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
  }

  /** (Re)connects to the hub in the settings, with the keychain's password. */
  async function attach(): Promise<void> {
    if (closed || live) return;
    const settings = readTeamSettings(deps.settings);
    if (!settings.url) {
      state = 'not-connected';
      message = null;
      announce();
      return;
    }
    state = 'connecting';
    announce();
    try {
      const address = parseHubUrl(settings.url);
      const password = await deps.secrets.get(address.keychainAccount);
      if (!password)
        throw new GleanerError(
          'HUB_REFUSED',
          `No password for this team hub is kept on this machine (${deps.secrets.location}). Connect again to give it.`,
        );
      deps.log.addSecret(password);
      const memberName = settings.member ?? (deps.defaultMember ?? defaultMemberName)();
      const next = await openSession(address, password, deskIdOf(deps.settings, deps.makeDeskId), memberName);
      if (closed) {
        await next.db.close().catch(() => undefined);
        return;
      }
      becomeConnected(next);
    } catch (error) {
      await goOffline(error);
    }
  }

  async function beat(): Promise<void> {
    if (closed || !live) return;
    const current = live;
    try {
      const repository = createMembersRepository(current.db);
      await repository.touch(current.session.deskId);
      members = await repository.list();
      scheduleHeartbeat();
      announce();
    } catch (error) {
      if (isUnreachable(error)) await goOffline(error);
      else {
        deps.log.warn('team heartbeat failed', { error: messageOf(error) });
        scheduleHeartbeat();
      }
    }
  }

  const memberInfo = (member: HubMember): TeamMemberInfo => ({
    deskId: member.deskId,
    name: member.name,
    connected: member.disconnectedAt === null && deps.clock.now() - Date.parse(member.lastSeenAt) < CONNECTED_WITHIN_MS,
    lastSeenAt: member.lastSeenAt,
  });

  const runtime: TeamRuntime = {
    async connect(url, member, password) {
      const address = parseHubUrl(url);
      const memberName = validateMemberName(
        member ?? readTeamSettings(deps.settings).member ?? (deps.defaultMember ?? defaultMemberName)(),
      );
      if (!password) throw new GleanerError('INVALID_INPUT', 'Give the hub password; nothing was saved.');
      deps.log.addSecret(password);
      return exclusive(async () => {
        if (closed) throw new GleanerError('CANCELLED', 'Gleaner is closing; nothing was changed.');
        started = true;
        const previousUrl = readTeamSettings(deps.settings).url;
        const deskId = deskIdOf(deps.settings, deps.makeDeskId);
        const next = await openSession(address, password, deskId, memberName);
        try {
          await deps.secrets.set(address.keychainAccount, password);
        } catch (error) {
          await next.db.close().catch(() => undefined);
          throw error;
        }
        await detach();
        saveTeamConnection(deps.settings, { url: address.url, member: memberName, deskId });
        if (previousUrl && previousUrl !== address.url) await forgetPassword(previousUrl, address.keychainAccount);
        becomeConnected(next);
        return runtime.status();
      });
    },

    disconnect() {
      return exclusive(async () => {
        const settings = readTeamSettings(deps.settings);
        stopTimers();
        if (live)
          await createMembersRepository(live.db)
            .markDisconnected(live.session.deskId)
            .catch(() => undefined);
        await detach();
        if (settings.url) await forgetPassword(settings.url, null);
        forgetTeamHub(deps.settings);
        state = 'not-connected';
        message = null;
        retryDelay = RETRY_FIRST_MS;
        announce();
        return runtime.status();
      });
    },

    status() {
      const settings = readTeamSettings(deps.settings);
      const status: TeamStatus = {
        state: settings.url ? (state === 'not-connected' ? 'connecting' : state) : 'not-connected',
        url: settings.url,
        member: settings.member,
        deskId: settings.deskId,
        message: settings.url ? message : null,
        members: live ? members.map(memberInfo) : [],
        sync: null,
        budget: null,
        token: null,
      };
      if (!settings.url) return status;
      for (const part of parts) {
        try {
          Object.assign(status, part.status?.() ?? {});
        } catch (error) {
          deps.log.warn('a team part failed', { part: part.name, stage: 'status', error: messageOf(error) });
        }
      }
      return status;
    },

    session: () => live?.session ?? null,

    use(part) {
      parts.push(part);
      const composed = composeQueueHooks(parts, {
        log: deps.log,
        now: () => deps.clock.now(),
        onPartFailure: (name) => {
          message = `The team’s ${name} part failed; requests wait a moment and try again (details in the log).`;
          announce();
        },
      });
      hooks = composed && {
        ...composed,
        async beforeSend(job, params, signal) {
          // A command's queue starts as the hub connection does: without this wait its first
          // requests left on the fallback share, unseen by the hub (a link a colleague was
          // fetching at that moment was fetched twice).
          if (firstAttempt) await firstAttempt;
          return composed.beforeSend(job, params, signal);
        },
      };
      if (live) {
        try {
          part.onSession?.(live.session);
        } catch (error) {
          deps.log.warn('a team part failed', { part: part.name, stage: 'onSession', error: messageOf(error) });
        }
      }
    },

    queueHooks: () => (readTeamSettings(deps.settings).url ? hooks : null),

    async syncOnce() {
      if (!readTeamSettings(deps.settings).url)
        throw new GleanerError('INVALID_INPUT', 'This library is not connected to a team hub. Connect first: gleaner team connect URL');
      if (!live) await runtime.refresh();
      if (!live)
        throw new GleanerError('HUB_UNREACHABLE', message ?? 'The team hub cannot be reached; this desk keeps working on its own library.');
      for (const part of parts) await part.syncOnce?.();
      announce();
      return runtime.status();
    },

    start() {
      if (started || closed) return;
      started = true;
      firstAttempt = exclusive(attach).catch(() => undefined);
    },

    settled: () => chain.then(() => undefined),

    async refresh() {
      started = true;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      await exclusive(() => (live ? beat() : attach()));
      return runtime.status();
    },

    reportLost(error) {
      void exclusive(async () => {
        if (live) await goOffline(isGleanerError(error) ? error : new GleanerError('HUB_UNREACHABLE', messageOf(error)));
      });
    },

    changed: () => announce(),

    async close() {
      if (closed) return;
      closed = true;
      stopTimers();
      await chain;
      for (const part of parts)
        await part
          .close?.()
          .catch((error: unknown) => deps.log.warn('a team part failed to close', { part: part.name, error: messageOf(error) }));
      await detach();
    },
  };

  /** The keychain entry of a hub this desk no longer uses (`keep`: the account just saved). */
  async function forgetPassword(url: string, keep: string | null): Promise<void> {
    try {
      const account = parseHubUrl(url).keychainAccount;
      if (account !== keep) await deps.secrets.clear(account);
    } catch (error) {
      deps.log.warn('the hub password could not be removed from the keychain', { error: messageOf(error) });
    }
  }

  return runtime;
}
