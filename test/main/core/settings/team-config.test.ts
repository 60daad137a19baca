/** Issue 29: the team's two tuning keys through `gleaner config` (and the settings bridge the window uses). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../../src/main/hosts/cli/program';
import type { CliIo } from '../../../../src/main/hosts/cli/io';
import { getConfig, isConfigSet, listConfig, setConfig, unsetConfig } from '../../../../src/main/core/settings/service-settings';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';
import { readTeamTuning } from '../../../../src/main/core/team/settings';

const repo = () => createSettingsRepository(openDatabase({ path: ':memory:' }), () => new Date(0));

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (t) => out.push(t),
    stderr: (t) => err.push(t),
    stdin: new PassThrough(),
    env: {},
    waitForShutdown: () => Promise.resolve(),
  };
  return { io, out: () => out.join(''), err: () => err.join('') };
}

describe('team tuning keys in gleaner config', () => {
  it('stores a valid value where the team part reads it, lists it once set, and unsets it back to the default', () => {
    const settings = repo();
    expect(getConfig(settings, 'team.fallback-share')).toBeNull();
    expect(setConfig(settings, 'team.fallback-share', ' 0.3 ')).toBe(0.3);
    expect(setConfig(settings, 'team.freshness-minutes', '120')).toBe(120);
    expect(readTeamTuning(settings)).toEqual({ fallbackShare: 0.3, freshnessMinutes: 120 });
    expect(listConfig(settings)).toMatchObject({ 'team.fallback-share': 0.3, 'team.freshness-minutes': 120 });
    expect(isConfigSet(settings, 'team.fallback-share')).toBe(true);
    expect(unsetConfig(settings, 'team.fallback-share')).toBe(true);
    expect(isConfigSet(settings, 'team.fallback-share')).toBe(false);
    expect(readTeamTuning(settings).fallbackShare).toBe(0.5);
  });

  it.each([
    ['team.fallback-share', '0'],
    ['team.fallback-share', '1.01'],
    ['team.fallback-share', '-0.2'],
    ['team.fallback-share', 'half'],
    ['team.fallback-share', ''],
    ['team.freshness-minutes', '1.5'],
    ['team.freshness-minutes', '-1'],
    ['team.freshness-minutes', '10081'],
    ['team.freshness-minutes', ''],
  ])('refuses %s = %j as INVALID_INPUT and keeps what was there', (key, value) => {
    const settings = repo();
    expect(() => setConfig(settings, key, value)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(isConfigSet(settings, key)).toBe(false);
  });

  it('accepts the edges: a share of 1, 0 and 10080 minutes', () => {
    const settings = repo();
    expect(setConfig(settings, 'team.fallback-share', '1')).toBe(1);
    expect(setConfig(settings, 'team.freshness-minutes', '0')).toBe(0);
    expect(setConfig(settings, 'team.freshness-minutes', '10080')).toBe(10080);
  });

  it('works from the command line: set, get (with the default before), and a refusal with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gleaner-team-config-'));
    try {
      const before = captureIo();
      expect(await runCli(['config', 'get', 'team.freshness-minutes', '--data-dir', dir], before.io, '/nowhere')).toBe(0);
      expect(before.out()).toBe('60 (the default)\n');
      const set = captureIo();
      expect(await runCli(['config', 'set', 'team.fallback-share', '0.3', '--data-dir', dir], set.io, '/nowhere')).toBe(0);
      expect(set.out()).toBe('team.fallback-share = 0.3\n');
      const get = captureIo();
      expect(await runCli(['config', 'get', 'team.fallback-share', '--json', '--data-dir', dir], get.io, '/nowhere')).toBe(0);
      expect(JSON.parse(get.out())).toEqual({ 'team.fallback-share': 0.3 });
      const bad = captureIo();
      expect(await runCli(['config', 'set', 'team.freshness-minutes', '99999', '--data-dir', dir], bad.io, '/nowhere')).toBe(2);
      expect(bad.err()).toMatch(/^error INVALID_INPUT: team\.freshness-minutes is a whole number of minutes from 0 to 10080/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
