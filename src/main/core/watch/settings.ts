/**
 * The `watch.*` settings (`gleaner config`): the cap's share of the daily limit, the count jump
 * that makes a change, and the words that make a failed fetch read as "gone". Stored under their
 * own keys, like the team's tuning keys.
 */
import { GleanerError } from '../../../shared/errors';
import { DEFAULT_WATCH_CAP_SHARE, DEFAULT_WATCH_COUNT_JUMP, DEFAULT_WATCH_GONE_WORDS, WATCH_SETTING_KEYS } from '../../../shared/watch';
import type { SettingsRepository } from '../store/settings-repository';

export interface WatchTuning {
  /** Share of the plan's daily limit all watches together may use (0–1). */
  capShare: number;
  /** A count moving by at least this share (0.5 = 50 %) is a "counts" change. */
  countJump: number;
  /** A refusal whose words contain one of these reads as gone. */
  goneWords: string[];
}

export const DEFAULT_WATCH_TUNING: WatchTuning = {
  capShare: DEFAULT_WATCH_CAP_SHARE,
  countJump: DEFAULT_WATCH_COUNT_JUMP,
  goneWords: [...DEFAULT_WATCH_GONE_WORDS],
};

export const WATCH_CONFIG_KEYS: readonly string[] = Object.values(WATCH_SETTING_KEYS);

export const isWatchConfigKey = (key: string): boolean => WATCH_CONFIG_KEYS.includes(key);

const invalid = (message: string) => new GleanerError('INVALID_INPUT', message);

/** The tuning as stored, a value that is not (edited by hand, say) read as its default. */
export function readWatchTuning(repo: SettingsRepository): WatchTuning {
  const share = repo.get(WATCH_SETTING_KEYS.capShare);
  const jump = repo.get(WATCH_SETTING_KEYS.countJump);
  const words = repo.get(WATCH_SETTING_KEYS.goneWords);
  return {
    capShare: typeof share === 'number' && share >= 0 && share <= 1 ? share : DEFAULT_WATCH_TUNING.capShare,
    countJump: typeof jump === 'number' && jump > 0 ? jump : DEFAULT_WATCH_TUNING.countJump,
    goneWords: Array.isArray(words) && words.every((w) => typeof w === 'string') ? (words as string[]) : DEFAULT_WATCH_TUNING.goneWords,
  };
}

/** Validates and stores one key from its `gleaner config set` text; returns it as `config` shows it. */
export function setWatchConfig(repo: SettingsRepository, key: string, raw: string): string | number {
  const text = raw.trim();
  if (key === WATCH_SETTING_KEYS.goneWords) {
    const words = text
      .split(',')
      .map((word) => word.trim())
      .filter((word) => word !== '');
    if (words.length === 0) throw invalid(`${key} needs at least one word or phrase, separated by commas.`);
    repo.set(key, words);
    return words.join(', ');
  }
  const value = Number(text);
  if (text === '' || !Number.isFinite(value)) throw invalid(`${key} must be a number.`);
  if (key === WATCH_SETTING_KEYS.capShare && (value <= 0 || value > 1))
    throw invalid(`${key} is a share of the daily limit, above 0 and at most 1 (0.25 is a quarter).`);
  if (key === WATCH_SETTING_KEYS.countJump && (value <= 0 || value > 1000))
    throw invalid(`${key} is a share of the count, above 0 (0.5 is a move of 50 %).`);
  repo.set(key, value);
  return value;
}

export function unsetWatchConfig(repo: SettingsRepository, key: string): boolean {
  return repo.delete(key);
}

/** The keys that are set, in config form. */
export function setWatchConfigEntries(repo: SettingsRepository): [string, string | number][] {
  const tuning = readWatchTuning(repo);
  return WATCH_CONFIG_KEYS.filter((key) => repo.get(key) !== undefined).map((key) => [key, configText(tuning, key)]);
}

export function defaultWatchConfigValue(key: string): string {
  return String(configText(DEFAULT_WATCH_TUNING, key));
}

function configText(tuning: WatchTuning, key: string): string | number {
  if (key === WATCH_SETTING_KEYS.capShare) return tuning.capShare;
  if (key === WATCH_SETTING_KEYS.countJump) return tuning.countJump;
  return tuning.goneWords.join(', ');
}
