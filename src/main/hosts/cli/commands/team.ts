/**
 * `gleaner team connect URL [--member NAME]` and `team status|sync|disconnect [--json]`
 * (shared/CLI.md). The hub password is read from standard input, or typed at a hidden prompt, the
 * way `token set` reads the token; it is never an argument and never printed.
 */
import type { Command } from 'commander';
import { GleanerError } from '../../../../shared/errors';
import type { TeamStatus } from '../../../../shared/team';
import type { CliContext } from '../context';
import { readTokenFromStdin } from './token';

const STATE_WORDS: Record<TeamStatus['state'], string> = {
  'not-connected': 'Not connected to a team hub',
  connecting: 'Connecting',
  connected: 'Connected',
  offline: 'Offline',
};

/** Strips the line end a pipe or a prompt leaves; inner spaces are part of a password. */
const withoutLineEnd = (text: string): string => text.replace(/\r?\n$/, '');

export function describeTeamStatus(status: TeamStatus): string {
  if (status.state === 'not-connected') return 'Not connected to a team hub. Connect with: gleaner team connect URL [--member NAME]';
  const lines = [`${STATE_WORDS[status.state]}: ${status.url ?? ''}`];
  if (status.message) lines.push(`  ${status.message}`);
  lines.push(`Member: ${status.member ?? '(unnamed)'}${status.deskId ? ` (desk ${status.deskId.slice(0, 8)})` : ''}`);
  if (status.members.length > 0) {
    const names = status.members.map((m) => `${m.name}${m.connected ? '' : ` (last seen ${m.lastSeenAt})`}`);
    lines.push(`Members (${status.members.filter((m) => m.connected).length} connected): ${names.join(', ')}`);
  }
  if (status.sync) {
    const sync = status.sync;
    lines.push(
      `Sync: ${sync.lastSyncAt ? `last ${sync.lastSyncAt}` : 'not yet'}; ${sync.pendingPush} waiting to be pushed${sync.conflicts ? `; ${sync.conflicts} conflicts` : ''}${sync.lastError ? `; ${sync.lastError}` : ''}`,
    );
  }
  if (status.budget) {
    const b = status.budget;
    lines.push(
      `Team budget today: this desk ${b.thisDeskToday}, colleagues ${b.colleaguesToday}, ${b.leftToday} left of ${b.limits.perDay}${b.fallback ? ` (hub away: this desk keeps to ${Math.round(b.fallbackShare * 100)} % of the plan)` : ''}`,
    );
  }
  if (status.token) lines.push(`The team’s token changed at ${status.token.changedAt}, seen by ${status.token.seenBy}’s desk.`);
  return lines.join('\n');
}

export function registerTeam(program: Command, ctx: CliContext): void {
  const team = program.command('team').description('the team hub: one quota and one library shared by a newsroom’s desks');
  const out = (command: Command, status: TeamStatus, text: string) =>
    ctx.io.stdout(ctx.json(command) ? `${JSON.stringify(status)}\n` : `${text}\n`);

  team
    .command('connect')
    .description('connect this library to a team hub (a PostgreSQL URL without its password; the password is read from standard input)')
    .argument('<url>', 'postgres://USER@HOST:PORT/DATABASE?sslmode=verify-full')
    .option('--member <name>', 'the name colleagues see (default: your user name)')
    .action(async (url: string, options: { member?: string }, command: Command) => {
      const typed = withoutLineEnd(await readTokenFromStdin(ctx.io.stdin, (text) => ctx.io.stderr(text), 'the team hub’s password'));
      const password = typed || ctx.io.env.GLEANER_HUB_PASSWORD || '';
      if (!password)
        throw new GleanerError(
          'INVALID_INPUT',
          'No hub password was given on standard input; pipe it in (gleaner team connect URL < password.txt) or type it at the prompt. Nothing was saved.',
        );
      await ctx.withCore(command, async (core) => {
        const status = await core.client.call('team.connect', {
          url,
          password,
          ...(options.member !== undefined ? { member: options.member } : {}),
        });
        out(command, status, `${describeTeamStatus(status)}\nThe password is kept in the OS keychain.`);
      });
    });

  team
    .command('status')
    .description('the hub connection, who is connected, sync and the team budget')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(
        command,
        async (core) => {
          const status = await core.client.call('team.status', {});
          out(command, status, describeTeamStatus(status));
        },
        { existing: true },
      ),
    );

  team
    .command('sync')
    .description('push and pull once; exits when both are done')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(
        command,
        async (core) => {
          const status = await core.client.call('team.sync', {});
          out(command, status, `Synced with the team hub.\n${describeTeamStatus(status)}`);
        },
        { existing: true },
      ),
    );

  team
    .command('disconnect')
    .description('stop using the team hub (this library keeps everything; the hub password leaves the keychain)')
    .action((_options: unknown, command: Command) =>
      ctx.withCore(
        command,
        async (core) => {
          const status = await core.client.call('team.disconnect', {});
          out(
            command,
            status,
            'Disconnected from the team hub; this library works on its own. The hub password was removed from the keychain.',
          );
        },
        { existing: true },
      ),
    );
}
