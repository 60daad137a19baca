import type { Handlers } from '../bridge/dispatcher';
import type { BundleService } from '../bundle/bundle-service';

export function createBundleHandlers(bundles: Pick<BundleService, 'key'>): Pick<Handlers, 'bundle.key'> {
  return {
    'bundle.key': () => bundles.key(),
  };
}
