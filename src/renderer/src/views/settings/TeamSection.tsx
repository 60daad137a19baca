import { Fragment, useEffect, useState, type FormEvent } from 'react';
import type { SettingsSnapshot } from '../../../../shared/contract-types';
import type { TeamBudgetInfo, TeamStatus } from '../../../../shared/team';
import { formatDateTime } from '../../lib/format';
import { useSettingsStore } from '../../stores/settings-store';
import { useTeamStore } from '../../stores/team-store';
import { SettingField } from './Field';

const STATE_TEXT: Record<TeamStatus['state'], string> = {
  'not-connected': 'Not connected',
  connecting: 'Connecting…',
  connected: 'Connected',
  offline: 'Offline',
};

/** Settings → Team: connect this library to the team hub, and see who is there and the team's budget. */
export function TeamSection() {
  const status = useTeamStore((s) => s.status);
  const error = useTeamStore((s) => s.error);
  const busy = useTeamStore((s) => s.busy);
  const [url, setUrl] = useState('');
  // Until edited, the last name used is offered again.
  const [memberEdit, setMember] = useState<string | null>(null);
  const member = memberEdit ?? status?.member ?? '';
  const [password, setPassword] = useState('');

  useEffect(() => {
    void useTeamStore.getState().load();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The password leaves the page with this call and is not kept in it, whatever happens.
    const typed = password;
    setPassword('');
    if (await useTeamStore.getState().connect(url, member, typed)) setUrl('');
  };

  const hubSet = status !== null && status.state !== 'not-connected';
  return (
    <section aria-labelledby="team-heading">
      <h3 id="team-heading">Team</h3>
      <p className="muted">
        Desks of one newsroom share one quota and one library through a PostgreSQL database the team runs. See docs/team.md for the
        administrator’s part.
      </p>
      <p data-testid="team-state" role="status">
        {status === null ? 'Checking…' : STATE_TEXT[status.state]}
        {hubSet && status.url ? (
          <>
            {' '}
            to <span className="mono break">{status.url}</span>
          </>
        ) : null}
        {hubSet && status.member ? ` as ${status.member}` : null}
      </p>
      {hubSet && status.message && <p className="muted">{status.message}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {hubSet && status.members.length > 0 && (
        <>
          <h4 id="team-members-heading">Members</h4>
          <ul aria-labelledby="team-members-heading" data-testid="team-members">
            {status.members.map((m) => (
              <li key={m.deskId}>
                {m.name}
                {m.deskId === status.deskId ? ' (this desk)' : ''} —{' '}
                {m.connected ? 'connected' : `last seen ${formatDateTime(m.lastSeenAt)}`}
              </li>
            ))}
          </ul>
        </>
      )}
      {hubSet && status.budget && <TeamBudget budget={status.budget} />}
      {hubSet ? (
        <div className="settings-inline">
          <button type="button" onClick={() => void useTeamStore.getState().sync()} disabled={busy || status.state !== 'connected'}>
            Sync now
          </button>
          <button type="button" onClick={() => void useTeamStore.getState().disconnect()} disabled={busy}>
            Disconnect
          </button>
        </div>
      ) : (
        <form className="settings-form" onSubmit={(event) => void submit(event)} aria-label="Connect to a team hub">
          <label htmlFor="team-url">Hub URL</label>
          <input
            id="team-url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="postgres://USER@HOST:5432/DATABASE?sslmode=verify-full"
            autoComplete="off"
            spellCheck={false}
            aria-describedby="team-url-hint"
          />
          <span className="field-hint" id="team-url-hint">
            Without the password: it goes in its own field and is kept in the system keychain.
          </span>
          <label htmlFor="team-member">Your name, as colleagues see it</label>
          <input id="team-member" value={member} onChange={(event) => setMember(event.target.value)} maxLength={80} autoComplete="name" />
          <label htmlFor="team-password">Hub password</label>
          <input
            id="team-password"
            type="password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <div className="settings-inline">
            <button type="submit" className="primary" disabled={busy || url.trim() === '' || password === ''}>
              {busy ? 'Connecting…' : 'Connect'}
            </button>
          </div>
        </form>
      )}
      <TeamTuningFields />
    </section>
  );
}

/** The two knobs of the shared quota, the same keys as `gleaner config set team.…`. */
function TeamTuningFields() {
  const tuning = useSettingsStore((s) => s.snapshot?.teamTuning);
  return tuning ? <TeamTuningView tuning={tuning} /> : null;
}

export function TeamTuningView({ tuning }: { tuning: NonNullable<SettingsSnapshot['teamTuning']> }) {
  return (
    <div className="limit-fields" data-testid="team-tuning">
      <SettingField
        settingKey="team.fallback-share"
        label="Share of the plan while the hub is away"
        current={tuning.fallbackShare}
        hint="A number above 0, up to 1: 0.5 keeps this desk to half the plan until the hub answers again."
      />
      <SettingField
        settingKey="team.freshness-minutes"
        label="Reuse a colleague’s answer for (minutes)"
        current={tuning.freshnessMinutes}
        hint="A question answered this recently on any desk is not asked again; 0 to 10080."
      />
    </div>
  );
}

/** The team's budget, as far as the quota part reports it: only the figures it gives are shown. */
function TeamBudget({ budget }: { budget: TeamBudgetInfo }) {
  const rows: [string, number][] = [
    ['This desk today', budget.thisDeskToday],
    ['Colleagues today', budget.colleaguesToday],
    ['Left today', budget.leftToday],
    ['Team this minute', budget.teamThisMinute],
  ];
  return (
    <>
      <h4 id="team-budget-heading">Team budget</h4>
      <dl className="facts" aria-labelledby="team-budget-heading" data-testid="team-budget">
        {rows
          .filter(([, value]) => typeof value === 'number')
          .map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value.toLocaleString('en-GB')}</dd>
            </Fragment>
          ))}
        <dt>Plan</dt>
        <dd>
          {budget.limits.perMinute}/min, {budget.limits.perDay.toLocaleString('en-GB')}/day
        </dd>
      </dl>
      {budget.fallback && (
        <p className="muted">
          The hub is away: this desk keeps to {Math.round(budget.fallbackShare * 100)} % of the plan on its own until it is back.
        </p>
      )}
    </>
  );
}
