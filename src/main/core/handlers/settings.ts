import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { addLinkHosts, changeSetting, removeLinkHost, resetSetting, settingsSnapshot } from '../usecases/settings';

export { settingsSnapshot };

export function createSettingsHandlers(
  ctx: CoreContext,
): Pick<Handlers, 'settings.get' | 'settings.set' | 'settings.unset' | 'settings.addHosts' | 'settings.removeHost'> {
  return {
    'settings.get': () => settingsSnapshot(ctx),
    'settings.set': ({ key, value }) => changeSetting(ctx, key, value),
    'settings.unset': ({ key }) => resetSetting(ctx, key),
    'settings.addHosts': ({ platform, hosts }) => addLinkHosts(ctx, platform, hosts),
    'settings.removeHost': ({ platform, host }) => removeLinkHost(ctx, platform, host),
  };
}
