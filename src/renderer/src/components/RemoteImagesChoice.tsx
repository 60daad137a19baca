import { useId, useState } from 'react';
import { useSettingsStore } from '../stores/settings-store';

/** The privacy setting's key (the CLI's `gleaner config set privacy.block-images true`). */
export const BLOCK_IMAGES_KEY = 'privacy.block-images';

/** What is in force, in words: said on the first-run panel and in Settings. */
export function remoteImagesText(blocked: boolean | null): string {
  if (blocked === null) return 'Reading the privacy setting…';
  return blocked
    ? 'Pictures from platforms are blocked: the window asks platforms’ image servers for nothing, and thumbnails and avatars show placeholders.'
    : 'Pictures from platforms are shown: thumbnails and avatars load from the platforms’ image servers, which then see this computer’s address.';
}

/** The switch for pictures from platforms' servers, with a sentence saying which is in force. */
export function RemoteImagesChoice() {
  const id = useId();
  const blocked = useSettingsStore((s) => s.snapshot?.blockRemoteImages ?? null);
  const saving = useSettingsStore((s) => s.saving[BLOCK_IMAGES_KEY] === true);
  const error = useSettingsStore((s) => s.fieldErrors[BLOCK_IMAGES_KEY]);
  // The box shows the choice at once; the saved setting takes over when the answer comes (or stays, if refused).
  const [asked, setAsked] = useState<boolean | null>(null);
  const choose = async (block: boolean): Promise<void> => {
    setAsked(block);
    await useSettingsStore.getState().set(BLOCK_IMAGES_KEY, String(block));
    setAsked(null);
  };
  return (
    <div className="remote-images-choice">
      <p id={`${id}-state`} data-testid="remote-images-state">
        {remoteImagesText(blocked)}
      </p>
      <label>
        <input
          type="checkbox"
          checked={asked ?? blocked === true}
          disabled={blocked === null || saving}
          aria-describedby={`${id}-state`}
          onChange={(e) => void choose(e.target.checked)}
        />{' '}
        Block pictures from platforms’ servers
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
