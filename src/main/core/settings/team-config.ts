/**
 * The two team tuning keys in `gleaner config` form. They are stored as the team part reads them
 * (`team.fallback-share`, `team.freshness-minutes`, not under `service.`), so this maps the config
 * commands onto team/settings.ts, which validates them.
 */
import type { SettingsRepository } from '../store/settings-repository';
import { DEFAULT_TEAM_TUNING, readTeamTuning, setTeamTuning, TEAM_SETTING_KEYS, type TeamTuning } from '../team/settings';

const TUNING_FIELDS = new Map<string, keyof TeamTuning>([
  [TEAM_SETTING_KEYS.fallbackShare, 'fallbackShare'],
  [TEAM_SETTING_KEYS.freshnessMinutes, 'freshnessMinutes'],
]);

export const TEAM_CONFIG_KEYS: readonly string[] = [...TUNING_FIELDS.keys()];

export function isTeamConfigKey(key: string): boolean {
  return TUNING_FIELDS.has(key);
}

function fieldOf(key: string): keyof TeamTuning {
  const field = TUNING_FIELDS.get(key);
  if (!field) throw new Error(`not a team tuning key: ${key}`);
  return field;
}

/** Validates and stores one tuning key; returns the value as stored. */
export function setTeamConfig(repo: SettingsRepository, key: string, raw: string): number {
  const field = fieldOf(key);
  return setTeamTuning(repo, { [field]: raw.trim() === '' ? raw : Number(raw.trim()) })[field];
}

export function unsetTeamConfig(repo: SettingsRepository, key: string): boolean {
  fieldOf(key);
  return repo.delete(key);
}

/** The tuning keys that are set, in config form (unset ones are listed by their default, as block-images is). */
export function setTeamConfigEntries(repo: SettingsRepository): [string, number][] {
  const tuning = readTeamTuning(repo);
  return TEAM_CONFIG_KEYS.filter((key) => repo.get(key) !== undefined).map((key) => [key, tuning[fieldOf(key)]]);
}

export function defaultTeamConfigValue(key: string): string {
  return String(DEFAULT_TEAM_TUNING[fieldOf(key)]);
}
