import type { SettingsSnapshot } from '../../../shared/contract';
import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import {
  addHosts,
  defaultConfigValue,
  DEMO_BASE_URL,
  getConfig,
  effectiveLimits,
  listConfig,
  readServiceSettings,
  removeHost,
  setConfig,
  unsetConfig,
} from '../settings/service-settings';
import { writeTransaction } from '../store/database';

export function settingsSnapshot(ctx: CoreContext): SettingsSnapshot {
  const settings = readServiceSettings(ctx.settings);
  return {
    config: listConfig(ctx.settings),
    baseUrl: settings.baseUrl,
    isDemo: settings.baseUrl === DEMO_BASE_URL,
    plan: settings.plan,
    limits: effectiveLimits(settings),
  };
}

export function createSettingsHandlers(
  ctx: CoreContext,
): Pick<Handlers, 'settings.get' | 'settings.set' | 'settings.unset' | 'settings.addHosts' | 'settings.removeHost' | 'settings.value'> {
  return {
    'settings.get': () => settingsSnapshot(ctx),
    'settings.set': ({ key, value }) => {
      setConfig(ctx.settings, key, value);
      // New limits or a new service apply to waiting requests now, not at their old wake-up time.
      if (key === 'base-url') ctx.queue.onServiceChanged();
      ctx.queue.poke();
      return settingsSnapshot(ctx);
    },
    'settings.unset': ({ key }) => {
      unsetConfig(ctx.settings, key);
      if (key === 'base-url') ctx.queue.onServiceChanged();
      ctx.queue.poke();
      return settingsSnapshot(ctx);
    },
    // Read and written in one write transaction, so no other process changes the list in between.
    'settings.addHosts': ({ platform, hosts }) => {
      writeTransaction(ctx.db, () => addHosts(ctx.settings, platform, hosts));
      return settingsSnapshot(ctx);
    },
    'settings.removeHost': ({ platform, host }) => {
      writeTransaction(ctx.db, () => removeHost(ctx.settings, platform, host));
      return settingsSnapshot(ctx);
    },
    // An unset parameter name or path is not "nothing": Gleaner sends its default.
    'settings.value': ({ key }) => {
      const value = getConfig(ctx.settings, key);
      const isSet = ctx.settings.get(`service.${key}`) !== undefined;
      return { key, value, defaultValue: value === null ? defaultConfigValue(key) : null, isSet };
    },
  };
}
