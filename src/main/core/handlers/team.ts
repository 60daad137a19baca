import type { Handlers } from '../bridge/dispatcher';
import type { CoreContext } from '../context';

/**
 * The team hub's bridge methods. The runtime starts here too, so a host that never runs the
 * queue (a CLI command) still connects when asked about the team, and waits for that attempt.
 */
export function createTeamHandlers(
  ctx: Pick<CoreContext, 'team'>,
): Pick<Handlers, 'team.connect' | 'team.status' | 'team.sync' | 'team.disconnect'> {
  return {
    'team.connect': ({ url, member, password }) => ctx.team.connect(url, member, password),
    'team.status': async () => {
      ctx.team.start();
      await ctx.team.settled();
      return ctx.team.status();
    },
    'team.sync': async () => {
      ctx.team.start();
      await ctx.team.settled();
      return ctx.team.syncOnce();
    },
    // Connected first where it can be, so colleagues see this desk leave rather than go quiet.
    'team.disconnect': async () => {
      ctx.team.start();
      await ctx.team.settled();
      return ctx.team.disconnect();
    },
  };
}
