import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type ReadableDB } from '../../../../src/main/core/store/database';
import { createSettingsRepository, type SettingsRepository } from '../../../../src/main/core/store/settings-repository';
import {
  deskIdOf,
  forgetTeamHub,
  readTeamSettings,
  saveTeamConnection,
  setTeamTuning,
  TEAM_SETTING_KEYS,
  validateMemberName,
} from '../../../../src/main/core/team/settings';

describe('team settings', () => {
  let db: ReadableDB;
  let settings: SettingsRepository;
  beforeEach(() => {
    db = openDatabase({ path: ':memory:' });
    settings = createSettingsRepository(db, () => new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => db.close());

  it('has no hub and the documented defaults on a new library', () => {
    expect(readTeamSettings(settings)).toEqual({ url: null, member: null, deskId: null, fallbackShare: 0.5, freshnessMinutes: 60 });
  });

  it('keeps the desk id and member after the hub is forgotten', () => {
    const deskId = deskIdOf(settings, () => 'desk-1');
    saveTeamConnection(settings, { url: 'postgres://u@h/db', member: 'Ana', deskId });
    expect(readTeamSettings(settings)).toMatchObject({ url: 'postgres://u@h/db', member: 'Ana', deskId: 'desk-1' });
    forgetTeamHub(settings);
    expect(readTeamSettings(settings)).toMatchObject({ url: null, member: 'Ana', deskId: 'desk-1' });
    expect(deskIdOf(settings, () => 'desk-2')).toBe('desk-1');
  });

  it('validates the tuning and falls back to defaults for a value edited out of range', () => {
    expect(setTeamTuning(settings, { fallbackShare: 0.25, freshnessMinutes: 10 })).toEqual({ fallbackShare: 0.25, freshnessMinutes: 10 });
    expect(() => setTeamTuning(settings, { fallbackShare: 1.5 })).toThrow(/from 0 to 1/);
    expect(() => setTeamTuning(settings, { freshnessMinutes: 2.5 })).toThrow(/whole number/);
    settings.set(TEAM_SETTING_KEYS.fallbackShare, 'lots');
    expect(readTeamSettings(settings).fallbackShare).toBe(0.5);
  });

  it('accepts printable member names of 1 to 80 characters only', () => {
    expect(validateMemberName('  Ana Lopes ')).toBe('Ana Lopes');
    expect(() => validateMemberName('   ')).toThrow(/empty/);
    expect(() => validateMemberName('x'.repeat(81))).toThrow(/80/);
    expect(() => validateMemberName('Ana\u0007')).toThrow(/control/);
    expect(() => validateMemberName('Ana\u200b')).toThrow(/control/);
  });
});
