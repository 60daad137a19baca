import type { Command } from 'commander';
import { PLAN_LIMITS } from '../../../../shared/plans';
import { startDemoService } from '../../../demo/server';
import type { CliContext } from '../context';
import { parsePort } from '../arguments';

export function registerDemoService(program: Command, ctx: CliContext): void {
  program
    .command('demo-service')
    .description('run the built-in demo service on 127.0.0.1: all 20 operations with sample data, one team per plan')
    .option('--port <n>', 'port to listen on (default: a free one)')
    .option('--seed <s>', 'seed of the sample data and tokens (the same seed gives the same answers)')
    .action(async (options: { port?: string; seed?: string }, command: Command) => {
      const port = options.port === undefined ? 0 : parsePort(options.port);
      const service = await startDemoService({ port, ...(options.seed === undefined ? {} : { seed: options.seed }) });
      try {
        const teams = service.teams.map(({ name, plan, token }) => ({ name, plan, token }));
        if (ctx.json(command)) {
          ctx.io.stdout(`${JSON.stringify({ url: service.url, teams })}\n`);
        } else {
          const lines = teams.map(({ name, plan, token }) => {
            const limits = PLAN_LIMITS[plan];
            return `  ${name.padEnd(13)} ${plan.padEnd(8)} ${`${limits.perMinute}/min, ${limits.perDay.toLocaleString('en-US')}/day`.padEnd(20)} ${token}`;
          });
          ctx.io.stdout(
            `Gleaner demo service running at ${service.url}\n` +
              'It answers with generated sample data, not real platform content.\n' +
              `Teams (use a token as Authorization: Bearer <token>):\n${lines.join('\n')}\n` +
              `Requests received: ${service.url}/__demo/requests\n` +
              'Press Ctrl+C to stop.\n',
          );
        }
        await ctx.io.waitForShutdown();
      } finally {
        await service.close();
      }
    });
}
