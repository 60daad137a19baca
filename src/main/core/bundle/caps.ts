/**
 * How much of a case bundle Gleaner reads before it refuses: a bundle comes from elsewhere, so a
 * zip bomb, a file that never ends or a text nested past reason stops at a stated size, checked
 * on what the zip's central directory says before anything is decompressed, and again on the
 * bytes themselves (sizes in a zip can lie). docs/evidence.md lists them.
 */
import { MAX_BODY_BYTES } from '../service/client';
import { MAX_CA_FILE_BYTES } from '../settings/bundle-config';

export interface BundleCaps {
  /** The zip file itself (Gleaner writes at most 4 GiB; a copy zipped again may be a little larger). */
  bundleBytes: number;
  /** Files and folders in the zip. */
  entries: number;
  /** The zip's central directory, which is read whole. */
  directoryBytes: number;
  /** Any one file once decompressed (media files are hashed as they stream, never held). */
  entryBytes: number;
  /** All files together once decompressed. */
  totalBytes: number;
  /** A file read whole to be parsed (answers.json, items.json, notes.json, custody.json …). */
  heldBytes: number;
  /** One answer file: no larger than the largest answer Gleaner keeps from the service. */
  answerBytes: number;
  /** How deep arrays and objects may nest in any JSON file of the bundle. */
  jsonDepth: number;
  /** A PEM file of CA certificates given with --tsa-ca or bundle.tsa-ca. */
  caFileBytes: number;
}

const MiB = 2 ** 20;
const GiB = 2 ** 30;

export const BUNDLE_CAPS: BundleCaps = {
  bundleBytes: 5 * GiB,
  entries: 1_000_000,
  directoryBytes: 256 * MiB,
  entryBytes: 4 * GiB - 1,
  totalBytes: 16 * GiB,
  heldBytes: 256 * MiB,
  answerBytes: MAX_BODY_BYTES,
  jsonDepth: 256,
  caFileBytes: MAX_CA_FILE_BYTES,
};

/** The caps, with some lowered (tests reach them without writing gigabytes). */
export const bundleCaps = (overrides: Partial<BundleCaps> = {}): BundleCaps => ({ ...BUNDLE_CAPS, ...overrides });
