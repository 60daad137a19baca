import type { ExportRequest } from '../../../shared/export';
import type { CoreContext } from '../context';
import { runExport, type ExportResult } from '../export/run-export';

/**
 * Writes an export straight to a path the person named (the CLI's `--out`). No path crosses the
 * bridge (`export.start` asks with a dialog or offers a download), so this is a host capability.
 */
export function exportToFile(
  ctx: Pick<CoreContext, 'db' | 'clock' | 'appVersion' | 'sqliteNativeBinding'>,
  request: ExportRequest,
  outPath: string,
  signal?: AbortSignal,
): Promise<ExportResult> {
  return runExport({
    library: ctx.db,
    ...(ctx.sqliteNativeBinding ? { nativeBinding: ctx.sqliteNativeBinding } : {}),
    request,
    outPath,
    now: () => new Date(ctx.clock.now()),
    appVersion: ctx.appVersion,
    ...(signal ? { signal } : {}),
  });
}
