/**
 * Case bundles as the hosts use them: the library's signing key (made on first need), making a
 * bundle of a scope into a file, checking one, and bringing one in. Paths come from the host
 * (the CLI's arguments, the desktop's save dialog); none crosses the bridge.
 */
import { GleanerError, isGleanerError } from '../../../shared/errors';
import type { ExportScope } from '../../../shared/export';
import type { Clock } from '../clock';
import type { CollectionRepository } from '../library/collections';
import type { Ingester, NormaliseFn } from '../library/ingest';
import type { Logger } from '../log';
import { createOneTimeSigningKey, loadOrCreateSigningKey, type SigningKey } from '../secrets/signing-key';
import type { SigningKeyStore } from '../secrets/signing-key-store';
import { readBundleSettings } from '../settings/bundle-config';
import type { ReadableDB } from '../store/database';
import type { SettingsRepository } from '../store/settings-repository';
import type { BundleCaps } from './caps';
import type { BundleSummary } from './create-bundle';
import type { CustodyReader } from './custody-part';
import type { BundleImportHooks, ImportReport } from './import-bundle';
import type { VerifyReport } from './verify-bundle';
import { checkFileDestination } from '../files/safe-file';
import { bundleFileRules } from './destination';

export interface BundleServiceDeps {
  db: ReadableDB;
  sqliteNativeBinding?: string;
  clock: Clock;
  fetch: typeof fetch;
  log: Logger;
  settings: SettingsRepository;
  signingKeys: SigningKeyStore;
  ingest: Ingester;
  normalise: NormaliseFn;
  collections: CollectionRepository;
  custody: CustodyReader;
  importHooks?: BundleImportHooks;
  /** How much of a bundle is read before it is refused (tests lower them; caps.ts has the defaults). */
  caps?: BundleCaps;
  /** Notes a made bundle in the custody log. */
  recordMade?: (scope: ExportScope, outPath: string, summary: BundleSummary, at: string) => void;
}

export interface BundleCreateRequest {
  scope: ExportScope;
  /** Fetch the items' media; undefined: the `bundle.media` setting decides. */
  media?: boolean;
  /** Ask the timestamp authority of `bundle.tsa-url`. */
  timestamp?: boolean;
  /** Sign with a key made for this bundle alone, kept nowhere (where no keychain can keep the library's). */
  oneTimeKey?: boolean;
}

export interface BundleService {
  key(): Promise<{ fingerprint: string; publicKeyPem: string }>;
  /** `staged`: outPath is browser mode's staging folder (in the data folder on purpose), not a place a person chose. */
  create(request: BundleCreateRequest, outPath: string, signal?: AbortSignal, options?: { staged?: boolean }): Promise<BundleSummary>;
  /** `tsaCa`: a PEM file of the CA certificates the timestamp authority must chain to; else the `bundle.tsa-ca` setting. */
  verify(path: string, options?: { fingerprint?: string; tsaCa?: string }): Promise<VerifyReport>;
  importBundle(path: string): Promise<{ verification: VerifyReport; imported: ImportReport | null }>;
}

/**
 * The bundle code (zip, CSV, DER) loads with the first bundle, not with every command that opens
 * the core.
 */
const loadBundleCode = async () => {
  const [create, verify, importing, media, timestamp, trust, zip] = await Promise.all([
    import('./create-bundle'),
    import('./verify-bundle'),
    import('./import-bundle'),
    import('./media'),
    import('./timestamp'),
    import('./tsa-trust'),
    import('./zip-reader'),
  ]);
  return { ...create, ...verify, ...importing, ...media, ...timestamp, ...trust, ...zip };
};

/**
 * The library's key, or why it cannot be had and what to do instead: where no keychain works
 * (browser mode on a server, a container), a bundle can still be signed with a one-time key.
 */
async function libraryKey(store: SigningKeyStore): Promise<SigningKey> {
  try {
    return await loadOrCreateSigningKey(store);
  } catch (error) {
    if (!isGleanerError(error) || error.code !== 'SECRET_STORE_UNAVAILABLE') throw error;
    throw new GleanerError(
      'SECRET_STORE_UNAVAILABLE',
      `${error.message} Or sign each bundle with a one-time key, kept nowhere (gleaner bundle create --one-time-key, or "Sign with a one-time key" in Export…): it proves the bundle unchanged, but not which library made it.`,
      { cause: error },
    );
  }
}

export function createBundleService(deps: BundleServiceDeps): BundleService {
  const nowIso = () => new Date(deps.clock.now()).toISOString();
  /** The CA certificates a timestamp is checked against: the file given, else the setting's, else none. */
  const trustedAuthorities = async (given?: string) => {
    const path = given ?? readBundleSettings(deps.settings).tsaCa;
    if (path === null) return {};
    const { readTrustedAuthorities } = await loadBundleCode();
    return { trusted: deps.caps ? readTrustedAuthorities(path, deps.caps.caFileBytes) : readTrustedAuthorities(path) };
  };
  return {
    async key() {
      const key = await libraryKey(deps.signingKeys);
      return { fingerprint: key.fingerprint, publicKeyPem: key.publicKeyPem };
    },

    async create(request, outPath, signal, options) {
      // The place first: a bundle is not made (nor its key read, its media fetched) for a place it may not go.
      await checkFileDestination(outPath, bundleFileRules(deps.db, options?.staged));
      const settings = readBundleSettings(deps.settings);
      const tsaUrl = settings.tsaUrl;
      if (request.timestamp && !tsaUrl) {
        throw new GleanerError(
          'INVALID_INPUT',
          'No timestamp authority is set: set one first, e.g. gleaner config set bundle.tsa-url https://freetsa.org/tsr.',
        );
      }
      // Read first: a CA file that is not there fails before anything is fetched.
      const trusted = request.timestamp ? (await trustedAuthorities()).trusted : undefined;
      const key = request.oneTimeKey ? createOneTimeSigningKey() : await libraryKey(deps.signingKeys);
      const { createBundle, createMediaCapture, requestTimestamp, checkTimestamp } = await loadBundleCode();
      /** A token from the authority, refused when it would not verify under `bundle.tsa-ca`. */
      const trustedTimestamp = async (url: string, manifest: Buffer) => {
        const reply = await requestTimestamp(deps.fetch, url, manifest);
        const check = trusted ? checkTimestamp(reply, manifest, { trusted }) : null;
        if (check && !check.ok)
          throw new GleanerError(
            'UPSTREAM_ERROR',
            `The timestamp from ${url} would not verify under bundle.tsa-ca (${trusted!.source}): ${check.problems.join('; ')}. ` +
              'Nothing was written; check bundle.tsa-url and bundle.tsa-ca.',
          );
        return reply;
      };
      const withMedia = request.media ?? settings.media;
      const summary = await createBundle({
        library: deps.db as never,
        ...(deps.sqliteNativeBinding ? { nativeBinding: deps.sqliteNativeBinding } : {}),
        scope: request.scope,
        outPath,
        key,
        createdAt: nowIso(),
        custody: deps.custody,
        ...(request.timestamp && tsaUrl ? { timestamp: (manifest: Buffer) => trustedTimestamp(tsaUrl, manifest) } : {}),
        ...(withMedia
          ? { media: createMediaCapture({ fetch: deps.fetch, now: nowIso, capBytes: settings.mediaCapMb * 1024 * 1024 }) }
          : {}),
        checkCancelled: () => {
          if (signal?.aborted) throw new GleanerError('CANCELLED', 'The bundle was cancelled; nothing was written.');
        },
        ...(options?.staged ? { staged: true } : {}),
      });
      deps.recordMade?.(request.scope, outPath, summary, nowIso());
      deps.log.info('case bundle written', { items: summary.items, answers: summary.answers, timestamped: summary.timestamped });
      return summary;
    },

    async verify(path, options = {}) {
      const { verifyBundle } = await loadBundleCode();
      const trusted = await trustedAuthorities(options.tsaCa);
      return verifyBundle(path, deps.normalise, {
        ...(options.fingerprint !== undefined ? { fingerprint: options.fingerprint } : {}),
        ...trusted,
        ...(deps.caps ? { caps: deps.caps } : {}),
      });
    },

    async importBundle(path) {
      const { openZip, verifyOpened, importVerifiedBundle } = await loadBundleCode();
      const trusted = await trustedAuthorities();
      const caps = deps.caps ?? (await import('./caps')).BUNDLE_CAPS;
      // One descriptor from verify to import: a file put at the path meanwhile is never read.
      const zip = await openZip(path, caps);
      try {
        const verified = await verifyOpened(zip, deps.normalise, { ...trusted, caps });
        const verification = verified.report;
        if (!verification.ok) return { verification, imported: null };
        const imported = importVerifiedBundle(verified, {
          db: deps.db,
          ingest: deps.ingest,
          collections: deps.collections,
          origin: verification.fingerprint ?? 'unknown',
          manifestSha256: verification.manifestSha256 ?? '',
          nowIso,
          ...(deps.importHooks ? { hooks: deps.importHooks } : {}),
        });
        deps.log.info('case bundle imported', { answers: imported.answers.added, items: imported.items });
        return { verification, imported };
      } finally {
        await zip.close();
      }
    },
  };
}
