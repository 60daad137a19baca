/**
 * The extra link hosts among the settings (`hosts.<platform>`, the CLI's key), as rows for the
 * Settings view, and what a change did, in words. Pure: the core checks, normalises, adds and
 * removes hosts (settings.addHosts / settings.removeHost).
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
  return PLATFORMS.map((platform) => ({ key: hostsKey(platform), platform, hosts: savedHosts(config, platform) })).filter(
    (row) => row.hosts.length > 0,
  );
}

/** What a save did to a platform's list, in words; `before` and `after` are the saved hosts. */
export function addedHostsNote(platformLabel: string, before: readonly string[], after: readonly string[]): string {
  const added = after.filter((host) => !before.includes(host));
  if (added.length === 0) return `Nothing new: ${platformLabel} already has every host you typed.`;
  return `Added ${added.join(', ')} to ${platformLabel}.`;
}
