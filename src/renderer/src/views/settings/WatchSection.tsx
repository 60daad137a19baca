import { useEffect, useState } from 'react';
import { DEFAULT_WATCH_CAP_SHARE, DEFAULT_WATCH_COUNT_JUMP, WATCH_SETTING_KEYS } from '../../../../shared/watch';
import { useSettingsStore } from '../../stores/settings-store';
import { bridge } from '../../transport';
import { SettingField } from './Field';

type WatchKey = typeof WATCH_SETTING_KEYS.capShare | typeof WATCH_SETTING_KEYS.countJump;

const DEFAULTS: Readonly<Record<WatchKey, number>> = {
  [WATCH_SETTING_KEYS.capShare]: DEFAULT_WATCH_CAP_SHARE,
  [WATCH_SETTING_KEYS.countJump]: DEFAULT_WATCH_COUNT_JUMP,
};

/** A key's value in force, read again after each save of it (the verdict note changes then). */
function useWatchSetting(key: WatchKey): number {
  const [value, setValue] = useState<number>(DEFAULTS[key]);
  const note = useSettingsStore((s) => s.fieldNotes[key]);
  useEffect(() => {
    let current = true;
    bridge
      .call('settings.value', { key })
      .then((answer) => {
        const raw = answer.value ?? answer.defaultValue;
        const number = typeof raw === 'number' ? raw : Number(raw);
        if (current && raw !== null && Number.isFinite(number)) setValue(number);
      })
      .catch(() => {
        // The default stays shown; saving says what is wrong.
      });
    return () => {
      current = false;
    };
  }, [key, note]);
  return value;
}

/** Settings → Watch: the cap for all watches together and when a count's move is worth a change. The same keys as `gleaner config set watch.…`. */
export function WatchSection() {
  const capShare = useWatchSetting(WATCH_SETTING_KEYS.capShare);
  const countJump = useWatchSetting(WATCH_SETTING_KEYS.countJump);
  return (
    <section aria-labelledby="watch-settings-heading">
      <h3 id="watch-settings-heading">Watch</h3>
      <p className="muted">
        Watched items, accounts and searches are fetched again at their interval. A watch that would take all watches past the cap is not
        saved.
      </p>
      <div className="limit-fields" data-testid="watch-settings">
        <SettingField
          settingKey={WATCH_SETTING_KEYS.capShare}
          label="Share of the daily budget for all watches"
          current={capShare}
          hint="A number above 0, up to 1: 0.25 lets watches take a quarter of the plan’s requests a day."
        />
        <SettingField
          settingKey={WATCH_SETTING_KEYS.countJump}
          label="Show a count change from (share of the count)"
          current={countJump}
          hint="0.5 puts a views, likes or comments change in the timeline when the count moves by half or more; every snapshot still goes into the chart."
        />
      </div>
    </section>
  );
}
