import type { Platform } from '../../../shared/catalogue';
import type { SettingsSnapshot } from '../../../shared/contract';
import type { CoreContext } from '../context';
import {
  addHosts,
  DEMO_BASE_URL,
  effectiveLimits,
  listConfig,
  readServiceSettings,
  removeHost,
  setConfig,
  unsetConfig,
} from '../settings/service-settings';
import { writeTransaction } from '../store/write-transaction';
import { readTeamTuning } from '../team/settings';

export function settingsSnapshot(ctx: CoreContext): SettingsSnapshot {
  const settings = readServiceSettings(ctx.settings);
  return {
    config: listConfig(ctx.settings),
    baseUrl: settings.baseUrl,
    isDemo: settings.baseUrl === DEMO_BASE_URL,
    plan: settings.plan,
    limits: effectiveLimits(settings),
    blockRemoteImages: settings.blockRemoteImages,
    teamTuning: readTeamTuning(ctx.settings),
  };
}

/** Saves one setting; new limits or a new service apply to waiting requests now, not at their old wake-up time. */
export function changeSetting(ctx: CoreContext, key: string, value: string): SettingsSnapshot {
  setConfig(ctx.settings, key, value);
  if (key === 'base-url') ctx.queue.onServiceChanged();
  ctx.queue.poke();
  return settingsSnapshot(ctx);
}

export function resetSetting(ctx: CoreContext, key: string): SettingsSnapshot {
  unsetConfig(ctx.settings, key);
  if (key === 'base-url') ctx.queue.onServiceChanged();
  ctx.queue.poke();
  return settingsSnapshot(ctx);
}

// The host lists are read and written in one write transaction, so no other process changes them in between.
export function addLinkHosts(ctx: CoreContext, platform: Platform, hosts: string): SettingsSnapshot {
  writeTransaction(ctx.db, () => addHosts(ctx.settings, platform, hosts));
  return settingsSnapshot(ctx);
}

export function removeLinkHost(ctx: CoreContext, platform: Platform, host: string): SettingsSnapshot {
  writeTransaction(ctx.db, () => removeHost(ctx.settings, platform, host));
  return settingsSnapshot(ctx);
}
