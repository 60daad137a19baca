import { useState } from 'react';
import { safeHttpsUrl } from '../lib/links';
import type { SettingsSnapshot } from '../../../shared/contract';
import { useSettingsStore } from '../stores/settings-store';

/** Unknown until the settings are read: nothing is asked for until they allow it. */
export const remoteImagesBlocked = (snapshot: SettingsSnapshot | null): boolean => snapshot?.blockRemoteImages ?? true;

/**
 * Every picture from a platform's servers (thumbnails, avatars) goes through here. With the
 * privacy setting on (`privacy.block-images`), or before the settings are read, or for a link
 * that is not plain https, it is a placeholder box of the same size and no request is made.
 */
export function PlatformImage({ url, className, width, height }: { url: string | null; className: string; width: number; height: number }) {
  const blocked = useSettingsStore((s) => remoteImagesBlocked(s.snapshot));
  return <PlatformImageView url={url} blocked={blocked} className={className} width={width} height={height} />;
}

export function PlatformImageView({
  url,
  blocked,
  className,
  width,
  height,
}: {
  url: string | null;
  blocked: boolean;
  className: string;
  width: number;
  height: number;
}) {
  const safe = blocked ? undefined : safeHttpsUrl(url);
  const [failed, setFailed] = useState(false);
  if (!safe || failed) {
    return (
      <span
        className={`${className} platform-image-placeholder`}
        data-testid="platform-image-placeholder"
        title={blocked && url ? 'Pictures from platforms are blocked (Settings → Privacy)' : undefined}
      />
    );
  }
  return (
    <img
      className={className}
      src={safe}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      width={width}
      height={height}
      onError={() => setFailed(true)}
    />
  );
}
