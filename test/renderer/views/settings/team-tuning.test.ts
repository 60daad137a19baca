/** Settings → Team shows the team's two tuning keys in force and offers to change them (issue 29). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { SettingsSnapshot } from '../../../../src/shared/contract';

const calls: [string, unknown][] = [];
vi.mock('../../../../src/renderer/src/transport', () => ({
  bridge: {
    call: async (method: string, input: unknown) => {
      calls.push([method, input]);
      return { teamTuning: { fallbackShare: 0.3, freshnessMinutes: 60 } };
    },
    subscribe: () => () => {},
  },
}));

const { TeamTuningView } = await import('../../../../src/renderer/src/views/settings/TeamSection');
const { useSettingsStore } = await import('../../../../src/renderer/src/stores/settings-store');

describe('Settings → Team tuning', () => {
  it('shows the share and the freshness in force, each a field saved under its config key', () => {
    const html = renderToStaticMarkup(createElement(TeamTuningView, { tuning: { fallbackShare: 0.5, freshnessMinutes: 120 } }));
    expect(html).toContain('Share of the plan while the hub is away');
    expect(html).toContain('value="0.5"');
    expect(html).toContain('value="120"');
    expect(html).toContain('id="settings-team-freshness-minutes"');
  });

  it('saves an edit through settings.set with the team key, and the answer carries the value in force', async () => {
    useSettingsStore.setState({ snapshot: {} as SettingsSnapshot });
    await useSettingsStore.getState().set('team.fallback-share', '0.3');
    expect(calls).toContainEqual(['settings.set', { key: 'team.fallback-share', value: '0.3' }]);
    expect(useSettingsStore.getState().snapshot?.teamTuning?.fallbackShare).toBe(0.3);
  });
});
