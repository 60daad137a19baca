import { useActivityStore } from '../stores/activity-store';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { bannersFor, type BannerAction } from './BannerRules';
import { WelcomePanel } from './WelcomePanel';
import './Banners.css';

/** The id of the token field in Settings, which a banner's button focuses. */
export const TOKEN_INPUT_ID = 'settings-token';
/** The real-service choice in Settings, which the demo banner's button focuses. */
export const SERVICE_CHOICE_ID = 'settings-service-real';

/** App-wide notices above every view: token and subscription problems, then the first-run welcome. */
export function Banners() {
  const paused = useActivityStore((s) => s.status?.paused ?? null);
  const isDemo = useSettingsStore((s) => s.snapshot?.isDemo ?? null);
  const token = useSettingsStore((s) => s.token);
  const goTo = useAppStore((s) => s.goTo);
  const resume = useActivityStore((s) => s.resume);
  const banners = bannersFor({ paused, isDemo, token });

  const act = (action: BannerAction): void => {
    if (action === 'token') goTo('settings', TOKEN_INPUT_ID);
    else if (action === 'service') goTo('settings', SERVICE_CHOICE_ID);
    else void resume();
  };

  return (
    <div className="banners">
      {banners.map((banner) => (
        <div
          key={banner.id}
          className={banner.notice ? 'banner banner-info' : 'banner'}
          role={banner.notice ? 'status' : 'alert'}
          data-testid={`banner-${banner.id}`}
        >
          <p className="banner-text">
            <strong>{banner.title}</strong>
            {banner.text}
          </p>
          {banner.actions.map(({ action, label, primary }) => (
            <button key={action} type="button" className={primary ? 'primary' : undefined} onClick={() => act(action)}>
              {label}
            </button>
          ))}
        </div>
      ))}
      <WelcomePanel />
    </div>
  );
}
