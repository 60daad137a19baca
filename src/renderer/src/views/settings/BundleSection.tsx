import { useEffect, useState } from 'react';
import type { BundleKeyInfo } from '../../../../shared/bundle';
import { isGleanerError } from '../../../../shared/errors';
import { bridge } from '../../transport';
import { useSettingsStore } from '../../stores/settings-store';
import { SettingField } from './Field';

const BUNDLE_KEYS = ['bundle.tsa-url', 'bundle.tsa-ca', 'bundle.media', 'bundle.media-cap-mb'] as const;

/** The bundle settings as in force (a default where one is not set). */
async function readBundleValues(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    BUNDLE_KEYS.map(async (key) => {
      const found = await bridge.call('settings.value', { key }).catch(() => null);
      return [key, found === null ? '' : found.value === null ? (found.defaultValue ?? '') : String(found.value)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/**
 * Settings → Case bundles: the signing key's fingerprint (read-only, to publish), the timestamp
 * authority and the CA certificate it must chain to, and whether bundles fetch the media and up to what size. The same keys as
 * `gleaner config set bundle.…`.
 */
export function BundleSection() {
  const [key, setKey] = useState<BundleKeyInfo | null>(null);
  const [keyError, setKeyError] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  // Re-read after each save: the store keeps the verdict, the value comes from the core.
  const saving = useSettingsStore((s) => BUNDLE_KEYS.some((k) => s.saving[k] === true));

  useEffect(() => {
    bridge.call('bundle.key', {}).then(setKey, (error: unknown) => setKeyError(isGleanerError(error) ? error.message : String(error)));
  }, []);
  useEffect(() => {
    if (saving) return;
    let stale = false;
    void readBundleValues().then((read) => {
      if (!stale) setValues(read);
    });
    return () => {
      stale = true;
    };
  }, [saving]);

  const mediaOn = values['bundle.media'] === 'true';
  return (
    <section aria-labelledby="bundle-heading">
      <h3 id="bundle-heading">Case bundles</h3>
      <p className="muted">
        A case bundle (Export → Case bundle) is signed with this library’s key. Publish its fingerprint so others can check that a bundle is
        yours; the private key stays in the system keychain.
      </p>
      <dl className="facts">
        <dt>Signing key fingerprint</dt>
        <dd className="mono break" data-testid="bundle-fingerprint">
          {key ? key.fingerprint : keyError ? '' : '…'}
        </dd>
      </dl>
      {keyError && (
        <p className="error" role="alert">
          {keyError}
        </p>
      )}
      <SettingField
        settingKey="bundle.tsa-url"
        label="Timestamp authority (RFC 3161)"
        current={values['bundle.tsa-url'] ?? ''}
        hint="Its address, e.g. https://freetsa.org/tsr. Only the manifest’s SHA-256 is sent there."
      />
      <SettingField
        settingKey="bundle.tsa-ca"
        label="Timestamp authority’s CA certificate"
        current={values['bundle.tsa-ca'] ?? ''}
        hint="The full path of a PEM file with the CA certificate(s) the authority must chain to; checking a bundle then checks its timestamp’s authority too."
      />
      <label className="settings-checkbox">
        <input
          type="checkbox"
          checked={mediaOn}
          disabled={saving}
          onChange={(event) => void useSettingsStore.getState().set('bundle.media', event.target.checked ? 'true' : 'false')}
        />{' '}
        Fetch the items’ media (thumbnails, then media files) into every bundle
      </label>
      <SettingField
        settingKey="bundle.media-cap-mb"
        label="Media size cap (MB, all media of one bundle)"
        current={Number(values['bundle.media-cap-mb'] ?? 100)}
      />
    </section>
  );
}
