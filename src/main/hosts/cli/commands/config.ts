import type { Command } from 'commander';
import { defaultConfigValue, getConfig, listConfig, setConfig, unsetConfig } from '../../../core/settings/service-settings';
import type { CliContext } from '../program';

export function registerConfig(program: Command, ctx: CliContext): void {
  const config = program.command('config').description('service settings: base-url, plan, limits, parameter-name and path overrides');

  config
    .command('get')
    .description('print one setting, or all of them')
    .argument(
      '[key]',
      'base-url, plan, limits.per-minute, limits.per-day, limits.day-reset, timeouts.request, timeouts.slow-request, param.<platform>.<path>.<name>, path.<platform>.<path>, hosts.<platform>',
    )
    .action((key: string | undefined, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        const repo = core.context.settings;
        if (key === undefined) {
          const all = listConfig(repo);
          ctx.io.stdout(
            ctx.json(command)
              ? `${JSON.stringify(all)}\n`
              : Object.entries(all)
                  .map(([k, v]) => `${k} = ${v}\n`)
                  .join(''),
          );
          return;
        }
        const value = getConfig(repo, key);
        // An unset parameter name or path is not "nothing": Gleaner sends its default.
        const fallback = value === null ? defaultConfigValue(key) : null;
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
        const stored = setConfig(core.context.settings, key, value);
        ctx.io.stdout(ctx.json(command) ? `${JSON.stringify({ [key]: stored })}\n` : `${key} = ${stored}\n`);
      }),
    );

  config
    .command('unset')
    .description('remove a setting so its default applies again')
    .argument('<key>')
    .action((key: string, _options: unknown, command: Command) =>
      ctx.withCore(command, async (core) => {
        const removed = unsetConfig(core.context.settings, key);
        ctx.io.stdout(
          ctx.json(command) ? `${JSON.stringify({ removed })}\n` : removed ? `${key} reset to its default\n` : `${key} was not set\n`,
        );
      }),
    );
}
