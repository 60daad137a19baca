import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';
import { allowTokenOrigin, saveToken, tokenStatus } from '../usecases/token';

export { tokenStatus };

export function createTokenHandlers(ctx: CoreContext): Pick<Handlers, 'token.status' | 'token.set' | 'token.clear' | 'token.allow'> {
  return {
    'token.status': () => tokenStatus(ctx),
    'token.set': ({ token }) => saveToken(ctx, token),
    'token.clear': async () => {
      await ctx.secretStore.clearToken();
      return tokenStatus(ctx);
    },
    'token.allow': ({ origin, code }) => allowTokenOrigin(ctx, origin, code),
  };
}
