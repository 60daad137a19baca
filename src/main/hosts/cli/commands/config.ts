import type { Command } from 'commander';
import type { CliContext } from '../context';

export function registerConfig(program: Command, ctx: CliContext): void {
  const config = program.command('config').description('service settings: base-url, plan, limits, parameter-name and path overrides');

  config
    .command('get')
    .description('print one setting, or all of them')
    .argument(
      '[key]',
      'base-url, plan, limits.per-minute, limits.per-day, limits.day-reset, timeouts.request, timeouts.slow-request, privacy.block-images, team.fallback-share, team.freshness-minutes, param.<platform>.<path>.<name>, path.<platform>.<path>, hosts.<platform>',
    )
    .action((key: string | undefined, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        if (key === undefined) {
          const { config: all } = await core.client.call('settings.get', {});
          ctx.io.stdout(
            ctx.json(command)
              ? `${JSON.stringify(all)}\n`
              : Object.entries(all)
                  .map(([k, v]) => `${k} = ${v}\n`)
                  .join(''),
          );
          return;
        }
        // An unset parameter name or path is not "nothing": Gleaner sends its default.
        const { value, defaultValue: fallback } = await core.client.call('settings.value', { key });
        if (ctx.json(command))
          ctx.io.stdout(`${JSON.stringify({ [key]: value ?? fallback, ...(fallback !== null ? { default: true } : {}) })}\n`);
        else ctx.io.stdout(`${value ?? (fallback !== null ? `${fallback} (the default)` : '(not set)')}\n`);
      }),
    );

  config
    .command('set')
    .description('change a setting (checked before it is stored)')
    .argument('<key>')
    .argument('<value>')
    .action((key: string, value: string, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        await core.client.call('settings.set', { key, value });
        // As stored: the value checked and put in its normal form.
        const stored = (await core.client.call('settings.value', { key })).value;
        ctx.io.stdout(ctx.json(command) ? `${JSON.stringify({ [key]: stored })}\n` : `${key} = ${stored}\n`);
      }),
    );

  config
    .command('unset')
    .description('remove a setting so its default applies again')
    .argument('<key>')
    .action((key: string, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        const removed = (await core.client.call('settings.value', { key })).isSet;
        await core.client.call('settings.unset', { key });
        ctx.io.stdout(
          ctx.json(command) ? `${JSON.stringify({ removed })}\n` : removed ? `${key} reset to its default\n` : `${key} was not set\n`,
        );
      }),
    );
}
