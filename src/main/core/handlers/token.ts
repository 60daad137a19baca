import type { TokenStatus } from '../../../shared/contract';
import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { validateToken } from '../secrets/token-format';

export async function tokenStatus(ctx: CoreContext): Promise<TokenStatus> {
  const available = await ctx.secretStore.available();
  return {
    stored: available ? (await ctx.secretStore.getToken()) !== null : false,
    available,
    location: ctx.secretStore.location,
    overriddenByEnvironment: ctx.secretStore.overriddenByEnvironment ?? false,
  };
}

export function createTokenHandlers(ctx: CoreContext): Pick<Handlers, 'token.status' | 'token.set' | 'token.clear'> {
  return {
    'token.status': () => tokenStatus(ctx),
    'token.set': async ({ token }) => {
      const valid = validateToken(token);
      ctx.log.addSecret(valid);
      await ctx.secretStore.setToken(valid);
      // A queue paused for a rejected or missing token resumes where it stopped.
      ctx.queue.onTokenChanged();
      return tokenStatus(ctx);
    },
    'token.clear': async () => {
      await ctx.secretStore.clearToken();
      return tokenStatus(ctx);
    },
  };
}
