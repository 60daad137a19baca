import { useRef, useState, type FormEvent } from 'react';
import { platformDetail, PLATFORM_LABELS, PLATFORMS, type Platform } from '../../../../shared/catalogue';
import { usePasteStore } from '../../stores/paste-store';
import { useSettingsStore } from '../../stores/settings-store';
import { FieldFeedback, saveFromForm, SettingsTable, useFieldAria } from './Field';
import { addedHostsNote, hostsKey, hostsRows, savedHosts, splitHosts, type HostsRow } from './hosts';
import { Options } from '../../components/Options';

/** The key under which the add form's verdict is kept (its real key changes with the platform picked). */
const NEW_HOSTS = 'new-hosts';

/** The Paste URLs view keeps its last verdicts; new hosts change them, so the pasted links are checked again. */
function recheckPastedLinks(): void {
  void usePasteStore.getState().makePlan();
}

function AddHostsForm({ onSaved }: { onSaved(): void }) {
  const [platform, setPlatform] = useState<Platform>(PLATFORMS[0]);
  const [value, setValue] = useState('');
  const key = hostsKey(platform);
  const saving = useSettingsStore((s) => s.saving[key] === true);
  const error = useSettingsStore((s) => s.fieldErrors[NEW_HOSTS]);
  const aria = useFieldAria('hosts-value', NEW_HOSTS, true);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const store = useSettingsStore.getState();
    store.clearField(NEW_HOSTS);
    const before = savedHosts(store.snapshot?.config, platform);
    const saved = await saveFromForm(
      NEW_HOSTS,
      key,
      () => useSettingsStore.getState().addHosts(platform, value),
      () => addedHostsNote(PLATFORM_LABELS[platform], before, savedHosts(useSettingsStore.getState().snapshot?.config, platform)),
    );
    if (saved) {
      setValue('');
      recheckPastedLinks();
      onSaved();
    }
  };

  return (
    <form className="override-form" onSubmit={(event) => void submit(event)} aria-label="Add link hosts">
      <div className="override-fields">
        <label htmlFor="hosts-platform">Platform</label>
        <select id="hosts-platform" value={platform} onChange={(event) => setPlatform(event.target.value as Platform)}>
          <Options values={PLATFORMS} label={platformDetail} />
        </select>
        <label htmlFor="hosts-value">Hosts to add</label>
        <input
          type="text"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder="example.org, *.example.net"
          spellCheck={false}
          autoComplete="off"
          {...aria}
        />
        <button type="submit" disabled={saving || splitHosts(value).length === 0}>
          Add hosts
        </button>
      </div>
      <FieldFeedback
        id="hosts-value"
        settingKey={NEW_HOSTS}
        hint={
          error
            ? undefined
            : 'Separate several with commas; they are added to the platform’s list, and nothing already there is removed. *.example.net stands for every name directly under example.net, such as forum.example.net. Up to 50 per platform.'
        }
      />
    </form>
  );
}

function HostsTable({ rows, onRemoved }: { rows: HostsRow[]; onRemoved(note: string): void }) {
  const errors = useSettingsStore((s) => s.fieldErrors);
  const saving = useSettingsStore((s) => s.saving);

  const removeAll = async (row: HostsRow) => {
    if (!(await useSettingsStore.getState().unset(row.key))) return;
    recheckPastedLinks();
    onRemoved(`Removed the extra hosts of ${PLATFORM_LABELS[row.platform]}; its links are recognised on its usual hosts only.`);
  };

  const removeOne = async (row: HostsRow, host: string) => {
    if (!(await useSettingsStore.getState().removeHost(row.platform, host))) return;
    recheckPastedLinks();
    onRemoved(`Removed ${host} from ${PLATFORM_LABELS[row.platform]}.`);
  };

  return (
    <SettingsTable caption="Extra link hosts in use" columns={['Platform', 'Extra hosts']}>
      {rows.map((row) => {
        const label = PLATFORM_LABELS[row.platform];
        const busy = saving[row.key] === true;
        return (
          <tr key={row.key} data-testid="hosts-row">
            <th scope="row" title={platformDetail(row.platform)}>
              {label}
            </th>
            <td>
              <ul className="host-list" aria-label={`Extra hosts of ${label}`}>
                {row.hosts.map((host) => (
                  <li key={host} className="tag-chip">
                    <span className="mono">{host}</span>
                    <button
                      type="button"
                      className="tag-remove"
                      disabled={busy}
                      onClick={() => void removeOne(row, host)}
                      aria-label={`Remove ${host} from ${label}`}
                    >
                      ×
                    </button>
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <button type="button" disabled={busy} onClick={() => void removeAll(row)} aria-label={`Remove all extra hosts of ${label}`}>
                Remove all
              </button>
              {errors[row.key] && <span className="field-error">{errors[row.key]}</span>}
            </td>
          </tr>
        );
      })}
    </SettingsTable>
  );
}

/** Extra web hosts per platform (`hosts.<platform>`): which are set, and a form to add some. */
export function HostsSection() {
  const config = useSettingsStore((s) => s.snapshot?.config ?? null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [removalNote, setRemovalNote] = useState<string | null>(null);
  if (!config) return null;
  const rows = hostsRows(config);
  const removed = (note: string) => {
    setRemovalNote(note);
    // The button just pressed is gone: keep the keyboard in this section.
    headingRef.current?.focus();
  };
  return (
    <section aria-labelledby="hosts-heading">
      <h3 id="hosts-heading" ref={headingRef} tabIndex={-1}>
        Link hosts
      </h3>
      <p className="muted">
        Gleaner recognises a pasted link by its web host, such as youtube.com or reddit.com. If a platform is also reachable at another
        address (a mirror, a new domain), add that host here and its links are recognised as that platform’s. The usual hosts keep
        precedence: a host that already belongs to one platform stays with it.
      </p>
      {rows.length === 0 ? (
        <p data-testid="no-extra-hosts">No extra hosts: links are recognised on each platform’s usual hosts only.</p>
      ) : (
        <HostsTable rows={rows} onRemoved={removed} />
      )}
      <p className="field-hint" role="status" data-testid="hosts-removal-note">
        {removalNote ?? ''}
      </p>
      <AddHostsForm onSaved={() => setRemovalNote(null)} />
    </section>
  );
}
