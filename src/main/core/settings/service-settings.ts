/**
 * The service settings behind `gleaner config` and the Settings view: base URL, plan and
 * limits, wire-name and path overrides. Keys are the CLI's (shared/CLI.md) and are stored
 * under the same names, so the CLI and the app read one truth.
 */
import {
  defaultPathOf,
  findOperation,
  getOperation,
  PLATFORM_LABELS,
  PLATFORMS,
  type OperationId,
  type Platform,
} from '../../../shared/catalogue';
import { GleanerError } from '../../../shared/errors';
import { formatDayReset, PLAN_LIMITS, PLAN_NAMES, type DayReset, type PlanLimits, type PlanName } from '../../../shared/plans';
import { normaliseHostSetting, usualPlatformOfHost } from '../platforms/recognise-url';
import type { SettingsRepository } from '../store/settings-repository';
import { wireNameClash } from '../service/request';
import { quoteInput } from '../../../shared/quote-input';
import { DEFAULT_MEDIA_CAP_MB, isBundleConfigKey, setBundleConfig, setBundleConfigEntries, unsetBundleConfig } from './bundle-config';
import { defaultTeamConfigValue, isTeamConfigKey, setTeamConfig, setTeamConfigEntries, unsetTeamConfig } from './team-config';
import { defaultWatchConfigValue, isWatchConfigKey, setWatchConfig, setWatchConfigEntries, unsetWatchConfig } from '../watch/settings';

/** The base URL value that selects the built-in demo service. */
export const DEMO_BASE_URL = 'demo';

/** How long a request may take, in milliseconds; the slow operations (speech recognition) get the longer one. */
export interface RequestTimeouts {
  normal: number;
  slow: number;
}

export interface ServiceSettings {
  /** `demo`, or the real service's base URL without a trailing slash. */
  baseUrl: string;
  plan: PlanName;
  /** Used when the plan is `custom`. */
  customLimits: PlanLimits;
  /** When the daily budget starts afresh: null for a sliding 24 hours, else minutes after midnight UTC. */
  dayReset: DayReset;
  timeouts: RequestTimeouts;
  /** Per operation: Gleaner's parameter name → the wire name to send. */
  paramNames: Partial<Record<OperationId, Record<string, string>>>;
  /** Per operation: the request path to use instead of the spec's. */
  paths: Partial<Record<OperationId, string>>;
  /** Per platform: more web hosts whose links are recognised as that platform's (a mirror, a new domain). */
  extraHosts: Partial<Record<Platform, string[]>>;
  /**
   * Privacy: the window asks platforms' image servers for nothing (thumbnails and avatars show
   * placeholders), so those servers never learn this machine's address or when a result was looked at.
   */
  blockRemoteImages: boolean;
}

export const DEFAULT_SERVICE_SETTINGS: ServiceSettings = {
  baseUrl: DEMO_BASE_URL,
  // The smallest plan until the user says otherwise: never overspend a budget we cannot see.
  plan: 'starter',
  customLimits: { ...PLAN_LIMITS.starter },
  // The interface does not say when the day resets; a sliding window is safe under any answer.
  dayReset: null,
  // Not shown either: a minute for a page of results, five for speech recognition.
  timeouts: { normal: 60_000, slow: 300_000 },
  paramNames: {},
  paths: {},
  extraHosts: {},
  // Thumbnails help recognise results; blocking them is a choice the first-run panel offers.
  blockRemoteImages: false,
};

export function effectiveLimits(settings: ServiceSettings): PlanLimits {
  return settings.plan === 'custom' ? settings.customLimits : PLAN_LIMITS[settings.plan];
}

type ConfigKey =
  | { kind: 'base-url' }
  | { kind: 'team' }
  | { kind: 'watch' }
  | { kind: 'bundle' }
  | { kind: 'plan' }
  | { kind: 'limit'; which: 'perMinute' | 'perDay' }
  | { kind: 'day-reset' }
  | { kind: 'timeout'; which: keyof RequestTimeouts }
  | { kind: 'param'; operation: OperationId; param: string }
  | { kind: 'path'; operation: OperationId }
  | { kind: 'hosts'; platform: Platform }
  | { kind: 'block-images' };

/** The privacy setting's key: `true` stops the window loading pictures from platforms' servers. */
export const BLOCK_IMAGES_KEY = 'privacy.block-images';

const KEY_HELP =
  'Keys: base-url, plan, limits.per-minute, limits.per-day, limits.day-reset, timeouts.request, timeouts.slow-request, privacy.block-images, team.fallback-share, team.freshness-minutes, watch.cap-share, watch.count-jump, watch.gone-words, bundle.tsa-url, bundle.tsa-ca, bundle.media, bundle.media-cap-mb, param.<platform>.<path>.<name>, path.<platform>.<path>, hosts.<platform>.';

/** Reads a config key such as `param.videosite.channel/videos.sort`, or says why it is not one. */
export function parseConfigKey(key: string): ConfigKey {
  if (key === 'base-url') return { kind: 'base-url' };
  if (key === 'plan') return { kind: 'plan' };
  if (key === 'limits.per-minute') return { kind: 'limit', which: 'perMinute' };
  if (key === 'limits.per-day') return { kind: 'limit', which: 'perDay' };
  if (key === 'limits.day-reset') return { kind: 'day-reset' };
  if (key === 'timeouts.request') return { kind: 'timeout', which: 'normal' };
  if (key === 'timeouts.slow-request') return { kind: 'timeout', which: 'slow' };
  if (key === BLOCK_IMAGES_KEY) return { kind: 'block-images' };
  if (isTeamConfigKey(key)) return { kind: 'team' };
  if (isWatchConfigKey(key)) return { kind: 'watch' };
  if (isBundleConfigKey(key)) return { kind: 'bundle' };
  const param = key.match(/^param\.([a-z]+)\.([a-z/]+)\.([^.]+)$/);
  if (param) {
    const [, platform, path, name] = param as unknown as [string, string, string, string];
    const op = findOperation(platform, path);
    if (!op) throw invalid(`There is no operation ${platform} ${path}. ${KEY_HELP}`);
    if (!op.params.some((p) => p.name === name)) {
      throw invalid(`${op.id} has no parameter ${name}; its parameters are ${op.params.map((p) => p.name).join(', ') || 'none'}.`);
    }
    return { kind: 'param', operation: op.id, param: name };
  }
  const path = key.match(/^path\.([a-z]+)\.([a-z/]+)$/);
  if (path) {
    const op = findOperation(path[1]!, path[2]!);
    if (!op) throw invalid(`There is no operation ${path[1]} ${path[2]}. ${KEY_HELP}`);
    return { kind: 'path', operation: op.id };
  }
  const hosts = key.match(/^hosts\.([a-z]+)$/);
  if (hosts) {
    const platform = hosts[1]!;
    if (!(PLATFORMS as readonly string[]).includes(platform))
      throw invalid(`There is no platform ${platform}; the platforms are ${PLATFORMS.join(', ')}.`);
    return { kind: 'hosts', platform: platform as Platform };
  }
  throw invalid(`Unknown setting ${quoteInput(key)}. ${KEY_HELP}`);
}

const MAX_HOSTS = 50;

/** The entries of a comma-separated list of hosts ("example.org, *.example.net"), each checked and normalised. */
function parseHostList(raw: string): string[] {
  const entries = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0 || entries.length > MAX_HOSTS) {
    throw invalid(`hosts.<platform> takes 1 to ${MAX_HOSTS} host names separated by commas, e.g. "example.org, *.example.net".`);
  }
  const hosts = entries.map((entry) => {
    const host = normaliseHostSetting(entry);
    if (!host) throw invalid(`${quoteInput(entry)} is not a host name such as example.org or *.example.org.`);
    return host;
  });
  return [...new Set(hosts)];
}

/**
 * Refuses a host that is new to this platform's list but would have no effect there: one of a
 * platform's usual hosts (they keep precedence), or an extra host another platform has already.
 */
function checkNewHosts(repo: SettingsRepository, platform: Platform, hosts: readonly string[]): void {
  const stored = storedHosts(repo, platform);
  for (const host of hosts) {
    if (stored.includes(host)) continue;
    const usual = usualPlatformOfHost(host);
    if (usual === platform)
      throw invalid(`${host} is already a usual host of ${PLATFORM_LABELS[platform]}: its links are recognised without adding it.`);
    if (usual !== null) {
      throw invalid(
        `${host} is a usual host of ${PLATFORM_LABELS[usual]}, and a host is recognised as one platform only, so it cannot be added to ${PLATFORM_LABELS[platform]}.`,
      );
    }
    const other = PLATFORMS.find((candidate) => candidate !== platform && storedHosts(repo, candidate).includes(host));
    if (other !== undefined) {
      throw invalid(
        `${host} is already an extra host of ${PLATFORM_LABELS[other]}; remove it there first, since a host is recognised as one platform only.`,
      );
    }
  }
}

/** The extra hosts saved for a platform, as stored (normalised). */
function storedHosts(repo: SettingsRepository, platform: Platform): string[] {
  const value = repo.get(storageKey(`hosts.${platform}`));
  return typeof value === 'string' ? value.split(',') : [];
}

/**
 * Adds hosts to a platform's list, keeping every host saved there: reading and writing the list
 * here, rather than sending a whole list from a view, means a host added meanwhile (from the CLI,
 * another window) is never dropped. Returns the list as stored.
 */
export function addHosts(repo: SettingsRepository, platform: Platform, raw: string): string {
  const added = parseHostList(raw);
  checkNewHosts(repo, platform, added);
  const hosts = [...new Set([...storedHosts(repo, platform), ...added])];
  if (hosts.length > MAX_HOSTS)
    throw invalid(`A platform can have up to ${MAX_HOSTS} extra hosts; ${PLATFORM_LABELS[platform]} would have ${hosts.length}.`);
  const value = hosts.join(',');
  repo.set(storageKey(`hosts.${platform}`), value);
  return value;
}

/** Removes one host from a platform's list (the setting itself when none remain); false when it was not there. */
export function removeHost(repo: SettingsRepository, platform: Platform, raw: string): boolean {
  const host = normaliseHostSetting(raw);
  const stored = storedHosts(repo, platform);
  if (host === undefined || !stored.includes(host)) return false;
  const rest = stored.filter((entry) => entry !== host);
  if (rest.length === 0) repo.delete(storageKey(`hosts.${platform}`));
  else repo.set(storageKey(`hosts.${platform}`), rest.join(','));
  return true;
}

const invalid = (message: string) => new GleanerError('INVALID_INPUT', message);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `demo`, or an https URL (http only on this machine: the token must not cross a network in clear). */
export function parseBaseUrl(raw: string): string {
  const text = raw.trim();
  if (text === DEMO_BASE_URL) return DEMO_BASE_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(`base-url must be "demo" or a link such as https://api.example.com; ${quoteInput(text)} is neither.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('base-url must start with https://.');
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw invalid(
      'base-url must use https:// (plain http is allowed only for 127.0.0.1 or localhost), so the token never travels unencrypted.',
    );
  }
  if (url.username || url.password) throw invalid('base-url must not contain a user name or password; the token is kept in the keychain.');
  if (url.search || url.hash) throw invalid('base-url must not contain a query (?…) or a fragment (#…).');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function parseLimit(raw: string, which: 'perMinute' | 'perDay'): number {
  const max = which === 'perMinute' ? 100_000 : 100_000_000;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || Number(raw) > max) {
    throw invalid(
      `${which === 'perMinute' ? 'limits.per-minute' : 'limits.per-day'} must be a whole number from 1 to ${max.toLocaleString('en')}.`,
    );
  }
  return Number(raw);
}

/** `rolling`, or a time of day in UTC as H:MM or HH:MM (24-hour clock), as minutes after midnight. */
export function parseDayReset(raw: string): DayReset {
  const text = raw.trim().toLowerCase();
  if (text === 'rolling') return null;
  const time = text.match(/^(\d{1,2}):(\d{2})$/);
  if (!time || Number(time[1]) > 23 || Number(time[2]) > 59) {
    throw invalid(
      `limits.day-reset must be "rolling" (a sliding 24 hours, the default) or the time the service resets its daily count, in UTC, such as 00:00 or 07:30; ${quoteInput(raw.trim())} is neither.`,
    );
  }
  return Number(time[1]) * 60 + Number(time[2]);
}

/** The setting behind each time limit, for messages that name it. */
export const TIMEOUT_KEYS: Readonly<Record<keyof RequestTimeouts, string>> = { normal: 'timeouts.request', slow: 'timeouts.slow-request' };
const MAX_TIMEOUT_SECONDS = 3600;

/** A time limit in whole seconds, 5 to an hour. */
function parseTimeoutSeconds(raw: string, which: keyof RequestTimeouts): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text) || Number(text) < 5 || Number(text) > MAX_TIMEOUT_SECONDS) {
    throw invalid(`${TIMEOUT_KEYS[which]} is a number of seconds from 5 to ${MAX_TIMEOUT_SECONDS}; ${quoteInput(text)} is not.`);
  }
  return Number(text);
}

function parseWireName(raw: string): string {
  const text = raw.trim();
  if (!/^[A-Za-z_][A-Za-z0-9_.\-[\]]{0,63}$/.test(text)) {
    throw invalid(`A parameter name is 1 to 64 letters, digits, _ . - [ ], starting with a letter or _; ${quoteInput(text)} is not.`);
  }
  return text;
}

function parsePath(raw: string): string {
  const text = raw.trim();
  if (!/^\/[A-Za-z0-9._~\-/]{1,200}$/.test(text) || text.split('/').includes('..')) {
    throw invalid(
      `A path starts with / and holds only letters, digits and . _ ~ - /, e.g. /api/v1/partner/tweetsite/user-tweets; ${quoteInput(text)} is not.`,
    );
  }
  return text.replace(/\/+$/, '');
}

/** `true` or `false` (yes/no and on/off are read too), stored as `true` or `false`. */
function parseSwitch(raw: string, key: string): 'true' | 'false' {
  const text = raw.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(text)) return 'true';
  if (['false', 'no', 'off'].includes(text)) return 'false';
  throw invalid(`${key} is true or false; ${quoteInput(raw.trim())} is neither.`);
}

const storageKey = (key: string): string => `service.${key}`;

/** Validates and stores one setting; returns the value as stored. */
export function setConfig(repo: SettingsRepository, key: string, raw: string): string | number {
  const parsed = parseConfigKey(key);
  // Stored where the team part reads it, not under `service.`.
  if (parsed.kind === 'team') return setTeamConfig(repo, key, raw);
  if (parsed.kind === 'watch') return setWatchConfig(repo, key, raw);
  if (parsed.kind === 'bundle') {
    if (isBundleConfigKey(key)) return setBundleConfig(repo, key, raw);
    throw invalid(`Unknown setting ${quoteInput(key)}. ${KEY_HELP}`);
  }
  let value: string | number;
  switch (parsed.kind) {
    case 'base-url':
      value = parseBaseUrl(raw);
      break;
    case 'plan':
      if (!(PLAN_NAMES as readonly string[]).includes(raw.trim())) throw invalid(`plan must be one of ${PLAN_NAMES.join(', ')}.`);
      value = raw.trim();
      break;
    case 'limit': {
      value = parseLimit(raw, parsed.which);
      // Limits belong to the custom plan: setting one switches to it, starting from the current plan's numbers.
      const current = readServiceSettings(repo);
      if (current.plan !== 'custom') {
        const base = effectiveLimits(current);
        repo.set(storageKey('limits.per-minute'), base.perMinute);
        repo.set(storageKey('limits.per-day'), base.perDay);
        repo.set(storageKey('plan'), 'custom');
      }
      break;
    }
    case 'day-reset':
      value = formatDayReset(parseDayReset(raw));
      break;
    case 'timeout':
      value = parseTimeoutSeconds(raw, parsed.which);
      break;
    case 'param': {
      value = parseWireName(raw);
      const operation = getOperation(parsed.operation);
      const clash = wireNameClash(operation, { ...(readServiceSettings(repo).paramNames[parsed.operation] ?? {}), [parsed.param]: value });
      if (clash)
        throw invalid(
          `${operation.id} already sends ${clash.first === parsed.param ? clash.second : clash.first} as "${clash.wire}"; two parameters cannot share a name on the wire.`,
        );
      break;
    }
    case 'path':
      value = parsePath(raw);
      break;
    case 'block-images':
      value = parseSwitch(raw, key);
      break;
    case 'hosts': {
      const hosts = parseHostList(raw);
      checkNewHosts(repo, parsed.platform, hosts);
      value = hosts.join(',');
      break;
    }
  }
  repo.set(storageKey(key), value);
  return value;
}

/** Removes a setting so its default applies again. */
export function unsetConfig(repo: SettingsRepository, key: string): boolean {
  const parsed = parseConfigKey(key);
  if (parsed.kind === 'team') return unsetTeamConfig(repo, key);
  if (parsed.kind === 'watch') return unsetWatchConfig(repo, key);
  if (parsed.kind === 'bundle' && isBundleConfigKey(key)) return unsetBundleConfig(repo, key);
  if (parsed.kind === 'param') {
    // Back to its own name, which another parameter may have been given meanwhile.
    const { [parsed.param]: _dropped, ...rest } = readServiceSettings(repo).paramNames[parsed.operation] ?? {};
    const operation = getOperation(parsed.operation);
    const clash = wireNameClash(operation, rest);
    if (clash)
      throw invalid(
        `${operation.id} sends ${clash.first === parsed.param ? clash.second : clash.first} as "${clash.wire}", the name ${parsed.param} would go back to; rename that one first.`,
      );
  }
  return repo.delete(storageKey(key));
}

/** Every setting in CLI form, defaults included for the fixed keys. */
export function listConfig(repo: SettingsRepository): Record<string, string | number> {
  const settings = readServiceSettings(repo);
  const out: Record<string, string | number> = {
    'base-url': settings.baseUrl,
    plan: settings.plan,
    'limits.per-minute': effectiveLimits(settings).perMinute,
    'limits.per-day': effectiveLimits(settings).perDay,
    'limits.day-reset': formatDayReset(settings.dayReset),
    'timeouts.request': settings.timeouts.normal / 1000,
    'timeouts.slow-request': settings.timeouts.slow / 1000,
  };
  // Listed once set, as the per-operation keys are: the fixed list above stays what scripts know.
  const blockImages = repo.get(storageKey(BLOCK_IMAGES_KEY));
  if (typeof blockImages === 'string') out[BLOCK_IMAGES_KEY] = String(settings.blockRemoteImages);
  for (const [key, value] of setTeamConfigEntries(repo)) out[key] = value;
  for (const [key, value] of setWatchConfigEntries(repo)) out[key] = value;
  for (const [key, value] of setBundleConfigEntries(repo)) out[key] = value;
  for (const [key, value] of repo.entries('service.param.')) out[key.slice('service.'.length)] = String(value);
  for (const [key, value] of repo.entries('service.path.')) out[key.slice('service.'.length)] = String(value);
  for (const [key, value] of repo.entries('service.hosts.')) out[key.slice('service.'.length)] = String(value);
  return out;
}

/** Whether a key holds a value of its own (its default applies otherwise). */
export function isConfigSet(repo: SettingsRepository, key: string): boolean {
  const kind = parseConfigKey(key).kind;
  return repo.get(kind === 'team' || kind === 'bundle' ? key : storageKey(key)) !== undefined;
}

export function getConfig(repo: SettingsRepository, key: string): string | number | null {
  parseConfigKey(key);
  return listConfig(repo)[key] ?? null;
}

/** What applies for a key that is not set: a parameter's and a path's default; hosts have none. */
export function defaultConfigValue(key: string): string | null {
  const parsed = parseConfigKey(key);
  if (parsed.kind === 'param') return parsed.param;
  if (parsed.kind === 'path') return defaultPathOf(getOperation(parsed.operation));
  if (parsed.kind === 'block-images') return String(DEFAULT_SERVICE_SETTINGS.blockRemoteImages);
  if (parsed.kind === 'team') return defaultTeamConfigValue(key);
  if (parsed.kind === 'watch') return defaultWatchConfigValue(key);
  if (key === 'bundle.media') return 'false';
  if (key === 'bundle.media-cap-mb') return String(DEFAULT_MEDIA_CAP_MB);
  return null;
}

function orDefault<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** The typed settings the client and the queue use. Stored values are re-validated on read. */
export function readServiceSettings(repo: SettingsRepository): ServiceSettings {
  const settings: ServiceSettings = structuredClone(DEFAULT_SERVICE_SETTINGS);
  const baseUrl = repo.get(storageKey('base-url'));
  if (typeof baseUrl === 'string') settings.baseUrl = baseUrl;
  const plan = repo.get(storageKey('plan'));
  if (typeof plan === 'string' && (PLAN_NAMES as readonly string[]).includes(plan)) settings.plan = plan as PlanName;
  const perMinute = repo.get(storageKey('limits.per-minute'));
  const perDay = repo.get(storageKey('limits.per-day'));
  if (typeof perMinute === 'number') settings.customLimits.perMinute = perMinute;
  if (typeof perDay === 'number') settings.customLimits.perDay = perDay;
  // A value this version cannot read (written by hand, or out of range) leaves the default.
  for (const which of ['normal', 'slow'] as const) {
    const seconds = repo.get(storageKey(TIMEOUT_KEYS[which]));
    if (typeof seconds === 'number')
      settings.timeouts[which] = orDefault(() => parseTimeoutSeconds(String(seconds), which) * 1000, settings.timeouts[which]);
  }
  const blockImages = repo.get(storageKey(BLOCK_IMAGES_KEY));
  if (typeof blockImages === 'string')
    settings.blockRemoteImages = orDefault(() => parseSwitch(blockImages, BLOCK_IMAGES_KEY) === 'true', false);
  const dayReset = repo.get(storageKey('limits.day-reset'));
  if (typeof dayReset === 'string') settings.dayReset = orDefault(() => parseDayReset(dayReset), settings.dayReset);
  for (const [key, value] of repo.entries('service.param.')) {
    try {
      const parsed = parseConfigKey(key.slice('service.'.length));
      if (parsed.kind === 'param' && typeof value === 'string') {
        (settings.paramNames[parsed.operation] ??= {})[parsed.param] = value;
      }
    } catch {
      // A key for an operation this version no longer has is ignored, not fatal.
    }
  }
  for (const [key, value] of repo.entries('service.path.')) {
    try {
      const parsed = parseConfigKey(key.slice('service.'.length));
      if (parsed.kind === 'path' && typeof value === 'string') settings.paths[parsed.operation] = value;
    } catch {
      // As above.
    }
  }
  for (const [key, value] of repo.entries('service.hosts.')) {
    try {
      const parsed = parseConfigKey(key.slice('service.'.length));
      if (parsed.kind === 'hosts' && typeof value === 'string') settings.extraHosts[parsed.platform] = value.split(',');
    } catch {
      // As above.
    }
  }
  return settings;
}
