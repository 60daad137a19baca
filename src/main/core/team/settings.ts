/**
 * The `team.*` settings of a library (local SQLite, the settings table): which hub it is connected
 * to, as which member and desk, and the two knobs the shared quota reads. The hub password is never
 * here: it lives in the OS keychain (secrets/hub-password-store).
 */
import { randomUUID } from 'node:crypto';
import { userInfo } from 'node:os';
import { GleanerError } from '../../../shared/errors';
import type { SettingsRepository } from '../store/settings-repository';

export const TEAM_SETTING_KEYS = {
  url: 'team.url',
  member: 'team.member',
  deskId: 'team.desk-id',
  fallbackShare: 'team.fallback-share',
  freshnessMinutes: 'team.freshness-minutes',
} as const;

export interface TeamTuning {
  /** The share of the plan this desk keeps to on its own while the hub is away (0–1). */
  fallbackShare: number;
  /** An answer to the same question this recent (minutes) is reused rather than asked again. */
  freshnessMinutes: number;
}

export interface TeamSettings extends TeamTuning {
  /** The hub's URL without a password; null when this library has no hub. */
  url: string | null;
  member: string | null;
  deskId: string | null;
}

export const DEFAULT_TEAM_TUNING: TeamTuning = {
  // Half the plan: with two desks the usual team, neither can push the team past its limit alone.
  fallbackShare: 0.5,
  freshnessMinutes: 60,
};

export const MAX_MEMBER_NAME = 80;
const MAX_FRESHNESS_MINUTES = 7 * 24 * 60;

const inputError = (sentence: string): GleanerError => new GleanerError('INVALID_INPUT', sentence);

/** A member name as colleagues see it: trimmed, 1–80 printable characters. */
export function validateMemberName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) throw inputError('The member name is empty; give the name colleagues know you by.');
  if (Array.from(name).length > MAX_MEMBER_NAME) throw inputError(`The member name is longer than ${MAX_MEMBER_NAME} characters.`);
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(name))
    throw inputError('The member name holds control or invisible characters; use printable ones.');
  return name;
}

/** The OS user's name, as the member name when none is given (a generic one where it cannot be read). */
export function defaultMemberName(): string {
  try {
    return validateMemberName(userInfo().username);
  } catch {
    return 'member';
  }
}

export function validateFallbackShare(value: unknown): number {
  const share = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  // 0 would stop the desk altogether whenever the hub is away: a desk always keeps some share.
  if (typeof share !== 'number' || !Number.isFinite(share) || share <= 0 || share > 1)
    throw inputError(
      'team.fallback-share is a number from 0 to 1, above 0 (the share of the plan this desk uses alone while the hub is away).',
    );
  return share;
}

export function validateFreshnessMinutes(value: unknown): number {
  const minutes = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 0 || minutes > MAX_FRESHNESS_MINUTES)
    throw inputError(`team.freshness-minutes is a whole number of minutes from 0 to ${MAX_FRESHNESS_MINUTES}.`);
  return minutes;
}

/** A stored value that no longer validates (edited by hand, an older build) falls back to its default. */
function orDefault<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

export function readTeamTuning(settings: SettingsRepository): TeamTuning {
  const share = settings.get(TEAM_SETTING_KEYS.fallbackShare);
  const freshness = settings.get(TEAM_SETTING_KEYS.freshnessMinutes);
  return {
    fallbackShare:
      share === undefined
        ? DEFAULT_TEAM_TUNING.fallbackShare
        : orDefault(() => validateFallbackShare(share), DEFAULT_TEAM_TUNING.fallbackShare),
    freshnessMinutes:
      freshness === undefined
        ? DEFAULT_TEAM_TUNING.freshnessMinutes
        : orDefault(() => validateFreshnessMinutes(freshness), DEFAULT_TEAM_TUNING.freshnessMinutes),
  };
}

export function readTeamSettings(settings: SettingsRepository): TeamSettings {
  return {
    url: textOrNull(settings.get(TEAM_SETTING_KEYS.url)),
    member: textOrNull(settings.get(TEAM_SETTING_KEYS.member)),
    deskId: textOrNull(settings.get(TEAM_SETTING_KEYS.deskId)),
    ...readTeamTuning(settings),
  };
}

/** This desk's id, made once: it survives a disconnect, so reconnecting is the same desk to colleagues. */
export function deskIdOf(settings: SettingsRepository, makeId: () => string = randomUUID): string {
  return readTeamSettings(settings).deskId ?? makeId();
}

/** Records a connection that succeeded (only then, so a failed connect leaves the settings as they were). */
export function saveTeamConnection(settings: SettingsRepository, connection: { url: string; member: string; deskId: string }): void {
  settings.set(TEAM_SETTING_KEYS.deskId, connection.deskId);
  settings.set(TEAM_SETTING_KEYS.member, connection.member);
  settings.set(TEAM_SETTING_KEYS.url, connection.url);
}

/** Forgets the hub; the desk id and member name stay for a later connect. */
export function forgetTeamHub(settings: SettingsRepository): void {
  settings.delete(TEAM_SETTING_KEYS.url);
}

export function setTeamTuning(settings: SettingsRepository, tuning: Partial<TeamTuning>): TeamTuning {
  if (tuning.fallbackShare !== undefined) settings.set(TEAM_SETTING_KEYS.fallbackShare, validateFallbackShare(tuning.fallbackShare));
  if (tuning.freshnessMinutes !== undefined)
    settings.set(TEAM_SETTING_KEYS.freshnessMinutes, validateFreshnessMinutes(tuning.freshnessMinutes));
  return readTeamTuning(settings);
}
