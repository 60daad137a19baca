/** Which app-wide banners to show, decided from the queue, the service setting and the token's status. Pure. */
import type { TokenStatus } from '../../../shared/contract';
import { DEMO_WORDS } from '../../../shared/demo';
import type { PauseReason } from '../../../shared/queue';

export type BannerAction = 'token' | 'resume' | 'service';

export interface BannerSpec {
  id:
    | 'demo'
    | 'token-rejected'
    | 'token-missing'
    | 'token-elsewhere'
    | 'subscription-inactive'
    | 'unreachable'
    | 'failing'
    | 'storage'
    | 'no-token';
  /** A standing notice (the demo service in use), not a problem to act on: shown calmer, and not announced as an alert. */
  notice?: true;
  title: string;
  text: string;
  actions: { action: BannerAction; label: string; primary: boolean }[];
}

export interface BannerInputs {
  paused: { reason: PauseReason; message: string } | null;
  /** null until the settings are known. */
  isDemo: boolean | null;
  token: TokenStatus | null;
}

export function bannersFor({ paused, isDemo, token }: BannerInputs): BannerSpec[] {
  const banners: BannerSpec[] = [];
  const reason = paused?.reason ?? null;
  if (reason === 'TOKEN_REJECTED') {
    banners.push({
      id: 'token-rejected',
      title: 'The service rejected your API token.',
      text: 'It may have been renewed or revoked. Requests are on hold and nothing is lost: enter the new token in Settings and the queue carries on where it stopped.',
      actions: [{ action: 'token', label: 'Enter a new token', primary: true }],
    });
  } else if (reason === 'TOKEN_MISSING') {
    banners.push({
      id: 'token-missing',
      title: 'No API token is set.',
      text: 'Requests are on hold and nothing is lost: add your token in Settings and the queue carries on where it stopped.',
      actions: [{ action: 'token', label: 'Add your token', primary: true }],
    });
  } else if (reason === 'TOKEN_ELSEWHERE' || token?.elsewhere) {
    // Shown as soon as the base URL points elsewhere, not only once a request has waited for it.
    banners.push({
      id: 'token-elsewhere',
      title: `Your API token is not sent to ${token?.elsewhere ?? 'the new address'}.`,
      text: `It was saved for ${token?.origin ?? 'another address'}, and the base URL now points at ${token?.elsewhere ?? 'another one'}. If that is your retrieval service, allow the token there in Settings; if not (a typo, a link you were given), set the base URL back. Requests wait meanwhile, and nothing is lost.`,
      actions: [{ action: 'token', label: 'Review in Settings', primary: true }],
    });
  }
  if (reason === 'SUBSCRIPTION_INACTIVE') {
    banners.push({
      id: 'subscription-inactive',
      title: 'Your team’s subscription is not active.',
      text: 'The service refuses requests until it is renewed. Renew it on the service’s account page, then resume the queue; if you were given another team’s token, enter it in Settings.',
      actions: [
        { action: 'resume', label: 'Resume queue', primary: true },
        { action: 'token', label: 'Change the token', primary: false },
      ],
    });
  } else if (reason === 'NETWORK') {
    banners.push({
      id: 'unreachable',
      title: 'The service cannot be reached.',
      text: `${paused?.message ?? ''} Your library works as before, offline.`.trim(),
      actions: [{ action: 'resume', label: 'Try now', primary: false }],
    });
  } else if (reason === 'UPSTREAM_ERROR') {
    banners.push({
      id: 'failing',
      title: 'The service is failing requests.',
      text: `${paused?.message ?? ''} Your library works as before.`.trim(),
      actions: [{ action: 'resume', label: 'Try now', primary: false }],
    });
  } else if (reason === 'STORAGE_ERROR') {
    banners.push({
      id: 'storage',
      title: 'Gleaner cannot write to its library.',
      text: paused?.message ?? '',
      actions: [{ action: 'resume', label: 'Resume queue', primary: true }],
    });
  }
  const usingRealService = isDemo === false;
  const noStoredToken = token !== null && !token.stored && !token.overriddenByEnvironment;
  if (usingRealService && noStoredToken && reason !== 'TOKEN_MISSING') {
    banners.push({
      id: 'no-token',
      title: 'No API token for the retrieval service.',
      text: 'Gleaner is set to use the real service but has no token to send, so every request would be refused. Add your token in Settings.',
      actions: [{ action: 'token', label: 'Add your token', primary: true }],
    });
  }
  if (isDemo === true) {
    // In every view while the demo service is the one in use, so nothing fetched now passes for real.
    banners.push({
      id: 'demo',
      notice: true,
      title: 'Demo service: what you fetch now is invented.',
      text: `Gleaner is using its built-in demo service. Its answers are ${DEMO_WORDS}; every item, citation, export and bundle made from them is marked Demo.`,
      actions: [{ action: 'service', label: 'Use the real service', primary: false }],
    });
  }
  return banners;
}
