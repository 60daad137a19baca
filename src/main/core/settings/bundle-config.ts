/**
 * The case-bundle settings in `gleaner config` form, stored under their own names:
 * `bundle.tsa-url` (the RFC 3161 timestamp authority; unset: no timestamp can be asked for),
 * `bundle.tsa-ca` (a PEM file of the CA certificate(s) that authority must chain to when a
 * bundle is verified; unset: the authority is not checked, and the report says so),
 * `bundle.media` (fetch the items' media into bundles; off by default) and
 * `bundle.media-cap-mb` (all media of one bundle together, default 100 MB).
 */
import { resolve } from 'node:path';
import { GleanerError } from '../../../shared/errors';
import { readRegularFileSync } from '../regular-file';
import type { SettingsRepository } from '../store/settings-repository';

export const BUNDLE_CONFIG_KEYS = ['bundle.tsa-url', 'bundle.tsa-ca', 'bundle.media', 'bundle.media-cap-mb'] as const;
type BundleConfigKey = (typeof BUNDLE_CONFIG_KEYS)[number];

export interface BundleSettings {
  tsaUrl: string | null;
  /** An absolute path to a PEM file. */
  tsaCa: string | null;
  media: boolean;
  mediaCapMb: number;
}

export const DEFAULT_MEDIA_CAP_MB = 100;
const MAX_MEDIA_CAP_MB = 100_000;
/** The largest PEM file of CA certificates read (a system's whole CA bundle is a few hundred KB). */
export const MAX_CA_FILE_BYTES = 4 * 1024 * 1024;

export function isBundleConfigKey(key: string): key is BundleConfigKey {
  return (BUNDLE_CONFIG_KEYS as readonly string[]).includes(key);
}

export function readBundleSettings(repo: SettingsRepository): BundleSettings {
  const url = repo.get('bundle.tsa-url');
  const ca = repo.get('bundle.tsa-ca');
  const media = repo.get('bundle.media');
  const cap = repo.get('bundle.media-cap-mb');
  return {
    tsaUrl: typeof url === 'string' && url !== '' ? url : null,
    tsaCa: typeof ca === 'string' && ca !== '' ? ca : null,
    media: media === true,
    mediaCapMb: typeof cap === 'number' && Number.isFinite(cap) && cap > 0 ? cap : DEFAULT_MEDIA_CAP_MB,
  };
}

const invalid = (message: string) => new GleanerError('INVALID_INPUT', message);

function parseTsaUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('bundle.tsa-url is the address of an RFC 3161 timestamp authority, such as https://freetsa.org/tsr.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('bundle.tsa-url must be an http or https address.');
  if (url.username || url.password) throw invalid('bundle.tsa-url must not hold a user name or password.');
  return url.href;
}

/** A wrong path is named when it is set rather than at the next verify (which reads the certificates in full). */
function checkCaFile(path: string): void {
  let text: string;
  try {
    text = readRegularFileSync(path, {
      maxBytes: MAX_CA_FILE_BYTES,
      what: 'a PEM file of CA certificates',
      notFound: `bundle.tsa-ca: there is no file ${path}.`,
    }).toString('utf8');
  } catch (error) {
    if (error instanceof GleanerError && error.code === 'NOT_FOUND') throw error;
    throw invalid(`bundle.tsa-ca: ${error instanceof GleanerError ? error.message : `${path} cannot be read.`}`);
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----'))
    throw invalid(`bundle.tsa-ca: ${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----).`);
}

/** Validates and stores one key; returns the value as stored. */
export function setBundleConfig(repo: SettingsRepository, key: BundleConfigKey, raw: string): string | number {
  const text = raw.trim();
  if (key === 'bundle.tsa-ca') {
    if (text === '') throw invalid('bundle.tsa-ca is the path of a PEM file with the timestamp authority’s CA certificate(s).');
    const path = resolve(text);
    checkCaFile(path);
    repo.set(key, path);
    return path;
  }
  if (key === 'bundle.tsa-url') {
    const url = parseTsaUrl(text);
    repo.set(key, url);
    return url;
  }
  if (key === 'bundle.media') {
    const lower = text.toLowerCase();
    if (!['true', 'false', 'yes', 'no', 'on', 'off'].includes(lower))
      throw invalid(`bundle.media is true or false; "${text.slice(0, 40)}" is neither.`);
    const on = ['true', 'yes', 'on'].includes(lower);
    repo.set(key, on);
    return String(on);
  }
  const cap = Number(text);
  if (text === '' || !Number.isFinite(cap) || cap <= 0 || cap > MAX_MEDIA_CAP_MB) {
    throw invalid(`bundle.media-cap-mb is a size in megabytes, more than 0 and at most ${MAX_MEDIA_CAP_MB}.`);
  }
  repo.set(key, cap);
  return cap;
}

export function unsetBundleConfig(repo: SettingsRepository, key: BundleConfigKey): boolean {
  return repo.delete(key);
}

/** The keys that are set, in config form. */
export function setBundleConfigEntries(repo: SettingsRepository): [string, string | number][] {
  const settings = readBundleSettings(repo);
  const values: Record<BundleConfigKey, string | number> = {
    'bundle.tsa-url': settings.tsaUrl ?? '',
    'bundle.tsa-ca': settings.tsaCa ?? '',
    'bundle.media': String(settings.media),
    'bundle.media-cap-mb': settings.mediaCapMb,
  };
  return BUNDLE_CONFIG_KEYS.filter((key) => repo.get(key) !== undefined).map((key) => [key, values[key]]);
}
