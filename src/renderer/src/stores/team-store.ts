/**
 * This desk's link to its team hub as Settings → Team and the status bar show it, kept fresh by
 * the `team.status` event. The password typed in Settings goes to `team.connect` once and is
 * never kept here.
 */
import { create } from 'zustand';
import type { TeamStatus } from '../../../shared/team';
import { errorText } from '../lib/errors';
import { bridge } from '../transport';

interface TeamState {
  status: TeamStatus | null;
  /** The last action's failure, in words. */
  error: string | null;
  busy: boolean;
  load(): Promise<void>;
  connect(url: string, member: string, password: string): Promise<boolean>;
  disconnect(): Promise<void>;
  sync(): Promise<void>;
}

export const useTeamStore = create<TeamState>((set) => {
  const run = async (doing: string, work: () => Promise<TeamStatus>): Promise<boolean> => {
    set({ busy: true, error: null });
    try {
      set({ status: await work(), busy: false });
      return true;
    } catch (error) {
      set({ error: errorText(error, doing), busy: false });
      return false;
    }
  };
  return {
    status: null,
    error: null,
    busy: false,
    async load() {
      try {
        set({ status: await bridge.call('team.status', {}) });
      } catch (error) {
        set({ error: errorText(error, 'read the team status') });
      }
    },
    connect: (url, member, password) =>
      run('connect to the team hub', () =>
        bridge.call('team.connect', { url, password, ...(member.trim() ? { member: member.trim() } : {}) }),
      ),
    async disconnect() {
      await run('disconnect from the team hub', () => bridge.call('team.disconnect', {}));
    },
    async sync() {
      await run('sync with the team hub', () => bridge.call('team.sync', {}));
    },
  };
});

/** Follows `team.status` events; returns the unsubscribe. */
export function watchTeam(): () => void {
  void useTeamStore.getState().load();
  return bridge.subscribe('team.status', (status) => useTeamStore.setState({ status }));
}
