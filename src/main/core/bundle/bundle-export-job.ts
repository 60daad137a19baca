/**
 * Export → Case bundle in the window: a bundle made as an export job, so it goes where the save
 * dialog says (desktop) or is offered as a download (browser mode), with the export's progress
 * events and cancel.
 */
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { ExportJob } from '../export/export-service';
import { slug } from '../export/text';
import type { BundleCreateRequest, BundleService } from './bundle-service';

export function suggestedBundleName(request: BundleCreateRequest, now: Date): string {
  const scope = request.scope;
  const what =
    scope.kind === 'collection'
      ? slug(scope.name) || 'collection'
      : scope.kind === 'search'
        ? slug(scope.search.query ?? '') || 'library'
        : scope.kind === 'item'
          ? `item-${scope.id}`
          : scope.kind === 'items'
            ? 'selection'
            : 'library';
  return `gleaner-${what}-case-${now.toISOString().slice(0, 10)}.zip`;
}

export function bundleExportJob(bundles: Pick<BundleService, 'create'>, request: BundleCreateRequest, now: Date): ExportJob {
  return {
    defaultName: suggestedBundleName(request, now),
    folder: false,
    extension: 'zip',
    unit: 'items',
    async run(outPath, _name, delivery, signal, onProgress) {
      const made = await bundles.create(request, outPath, signal, { staged: delivery === 'download' });
      onProgress({ done: made.items, total: made.items });
      const fileName = basename(outPath);
      const { size } = await stat(outPath);
      return {
        summary: { files: [{ path: fileName, bytes: size }], items: made.items, transcripts: 0, segments: 0, skipped: [] },
        baseDir: dirname(outPath),
        downloads: [fileName],
      };
    },
  };
}
