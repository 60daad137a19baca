import { useEffect } from 'react';
import { formatDateTime } from '../lib/format';
import { useTeamStore, watchTeam } from '../stores/team-store';

/** The team hub in the status bar: connected or offline (and why), the last sync, what waits to be pushed. Nothing without a hub. */
export function TeamStatusBar() {
  const status = useTeamStore((s) => s.status);
  useEffect(() => watchTeam(), []);
  if (!status || status.state === 'not-connected') return null;
  const parts: string[] = [];
  if (status.state === 'connected') parts.push('Team: connected');
  else if (status.state === 'connecting') parts.push('Team: connecting…');
  else parts.push(`Team: offline${status.message ? ` — ${status.message}` : ''}`);
  if (status.sync?.lastSyncAt) parts.push(`last sync ${formatDateTime(status.sync.lastSyncAt)}`);
  if (status.sync && status.sync.pendingPush > 0) parts.push(`${status.sync.pendingPush} waiting to be pushed`);
  if (status.sync && status.sync.conflicts > 0) parts.push(`${status.sync.conflicts} conflicts`);
  return (
    <span className={status.state === 'offline' ? 'team-status offline' : 'team-status'} data-testid="status-team">
      {parts.join(' · ')}
    </span>
  );
}
