import type { TokenAllowResult, TokenStatus } from '../../../shared/contract';
import { GleanerError } from '../../../shared/errors';
import type { CoreContext } from '../context';
import { confirmOnlyFromTerminal } from '../secrets/confirm-token-origin';
import { validateToken } from '../secrets/token-format';
import { readStoredToken, serviceOrigin, storedTokenValue } from '../secrets/token-origin';
import { readServiceSettings } from '../settings/service-settings';

/** Where requests go now: the real service's origin, or null on the demo. */
const currentOrigin = (ctx: CoreContext): string | null => serviceOrigin(readServiceSettings(ctx.settings).baseUrl);

export async function tokenStatus(ctx: CoreContext): Promise<TokenStatus> {
  const available = await ctx.secretStore.available();
  const overriddenByEnvironment = ctx.secretStore.overriddenByEnvironment ?? false;
  const value = available ? await ctx.secretStore.getToken() : null;
  // A token from GLEANER_TOKEN has no address of its own: it goes where the settings say.
  const origin = value === null || overriddenByEnvironment ? null : readStoredToken(value).origin;
  const here = currentOrigin(ctx);
  return {
    stored: value !== null,
    available,
    location: ctx.secretStore.location,
    overriddenByEnvironment,
    origin,
    elsewhere: origin !== null && here !== null && here !== origin ? here : null,
  };
}

/** Saves a token for where requests go now (on the demo, for the first real address it is sent to). */
export async function saveToken(ctx: CoreContext, token: string): Promise<TokenStatus> {
  const valid = validateToken(token);
  ctx.log.addSecret(valid);
  // Saved for where requests go now; saved on the demo, for the first real address it is sent to.
  await ctx.secretStore.setToken(storedTokenValue(valid, currentOrigin(ctx)));
  // A queue paused for a rejected or missing token resumes where it stopped.
  ctx.queue.onTokenChanged();
  return tokenStatus(ctx);
}

/** Allows the saved token at the address requests go to now, once the person confirms it outside the window. */
export async function allowTokenOrigin(ctx: CoreContext, origin: string, code: string | undefined): Promise<TokenAllowResult> {
  const here = currentOrigin(ctx);
  if (here === null)
    throw new GleanerError(
      'INVALID_INPUT',
      'Requests go to the built-in demo service, which never gets your token: there is nothing to allow.',
    );
  if (origin !== here) {
    throw new GleanerError(
      'INVALID_INPUT',
      `The base URL points at ${here}, not ${origin}: the token can be allowed only where requests go now. Nothing was changed.`,
    );
  }
  if (ctx.secretStore.overriddenByEnvironment) {
    throw new GleanerError(
      'INVALID_INPUT',
      'The token in use comes from GLEANER_TOKEN, which is sent wherever the base URL points: there is nothing to allow.',
    );
  }
  const value = await ctx.secretStore.getToken();
  if (value === null) {
    throw new GleanerError('TOKEN_MISSING', 'No token is saved in Gleaner to allow there. Save the token for this address instead.');
  }
  const saved = readStoredToken(value);
  const confirm = ctx.confirmTokenOrigin ?? confirmOnlyFromTerminal;
  const answer = await confirm({ origin: here, savedFor: saved.origin, ...(code === undefined ? {} : { code }) });
  if (answer.kind === 'code-needed') return { outcome: 'code-needed', where: answer.where, token: await tokenStatus(ctx) };
  if (answer.kind === 'declined') return { outcome: 'declined', token: await tokenStatus(ctx) };
  // The base URL or the token may have changed while the person was asked: allow only what they were shown.
  if (currentOrigin(ctx) !== here || (await ctx.secretStore.getToken()) !== value) {
    throw new GleanerError(
      'CONFLICT',
      'The base URL or the saved token changed while you were asked. Nothing was changed; look at Settings and ask again.',
    );
  }
  await ctx.secretStore.setToken(storedTokenValue(saved.token, here));
  ctx.queue.onTokenChanged();
  return { outcome: 'allowed', token: await tokenStatus(ctx) };
}
