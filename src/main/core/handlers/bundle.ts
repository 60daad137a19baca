import type { Handlers } from '../bridge/dispatcher';
import { bundleExportJob } from '../bundle/bundle-export-job';
import type { BundleService } from '../bundle/bundle-service';
import type { Clock } from '../clock';
import type { ExportService } from '../export/export-service';

export function createBundleHandlers(
  bundles: Pick<BundleService, 'key' | 'create'>,
  exports: Pick<ExportService, 'startJob'>,
  clock: Clock,
): Pick<Handlers, 'bundle.key' | 'bundle.create'> {
  return {
    'bundle.key': () => bundles.key(),
    'bundle.create': (input) =>
      exports.startJob(
        bundleExportJob(
          bundles,
          {
            scope: input.scope,
            ...(input.media !== undefined ? { media: input.media } : {}),
            ...(input.timestamp ? { timestamp: true } : {}),
            ...(input.oneTimeKey ? { oneTimeKey: true } : {}),
          },
          new Date(clock.now()),
        ),
      ),
  };
}
