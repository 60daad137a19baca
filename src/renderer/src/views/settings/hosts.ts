/**
 * The extra link hosts among the settings (`hosts.<platform>`, the CLI's key), as rows for the
 * Settings view, and the values its form sends. Pure: the core checks and normalises each host.
 */
import { PLATFORMS, type Platform } from '../../../../shared/catalogue';

export interface HostsRow {
  key: string;
  platform: Platform;
  hosts: string[];
}

export const hostsKey = (platform: Platform): string => `hosts.${platform}`;

/** The entries of a comma-separated list, as typed: "a.org, *.b.net" → ["a.org", "*.b.net"]. */
export const splitHosts = (text: string): string[] =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** The extra hosts saved for a platform (none when the setting is absent). */
export function savedHosts(config: Readonly<Record<string, string | number>> | null | undefined, platform: Platform): string[] {
  const value = config?.[hostsKey(platform)];
  return value === undefined ? [] : splitHosts(String(value));
}

/**
 * Each platform that has extra hosts, in the catalogue's order. A key for a platform this version
 * does not know is left out: the core ignores it, and cannot remove it either.
 */
export function hostsRows(config: Readonly<Record<string, string | number>>): HostsRow[] {
  return PLATFORMS.map((platform) => ({ key: hostsKey(platform), platform, hosts: savedHosts(config, platform) })).filter((row) => row.hosts.length > 0);
}

/**
 * The value that keeps every saved host and adds the typed ones, so adding never drops a host.
 * Saved hosts are stored in lower case; a typed host that differs only in case is not repeated, so
 * it does not count twice against the limit of 50.
 */
export function addedHostsValue(saved: readonly string[], typed: string): string {
  const seen = new Set(saved.map((host) => host.toLowerCase()));
  const added = splitHosts(typed).filter((host) => {
    const fresh = !seen.has(host.toLowerCase());
    seen.add(host.toLowerCase());
    return fresh;
  });
  return [...saved, ...added].join(', ');
}

/** The value after removing one host, or null when none would remain (then the setting is removed). */
export function withoutHost(saved: readonly string[], host: string): string | null {
  const rest = saved.filter((entry) => entry !== host);
  return rest.length === 0 ? null : rest.join(', ');
}

/** What a save did to a platform's list, in words; `before` and `after` are the saved hosts. */
export function addedHostsNote(platformLabel: string, before: readonly string[], after: readonly string[]): string {
  const added = after.filter((host) => !before.includes(host));
  if (added.length === 0) return `Nothing new: ${platformLabel} already has every host you typed.`;
  return `Added ${added.join(', ')} to ${platformLabel}.`;
}
