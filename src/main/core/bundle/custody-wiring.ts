/**
 * Where the custody log (issue 31.1, built beside this) meets bundles: the reader that gathers
 * the entries concerning a bundle, and the import hook that keeps a bundle's entries. Until the
 * log is in this library, a bundle carries an empty custody record and an import keeps none.
 */
import type { Clock } from '../clock';
import type { ReadableDB } from '../store/database';
import { EMPTY_CUSTODY, type CustodyReader } from './custody-part';
import type { BundleImportHooks } from './import-bundle';

export const bundleCustodyReader: CustodyReader = () => EMPTY_CUSTODY;

export function bundleImportHooks(_db: ReadableDB, _clock: Clock): BundleImportHooks {
  return { custody: () => 0 };
}
