import { PassThrough } from 'node:stream';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerDemoService } from '../../../src/main/hosts/cli/commands/demo-service';
import type { CliIo } from '../../../src/main/hosts/cli/io';
import type { CliContext } from '../../../src/main/hosts/cli/program';

/** A program with just this command, an io that records output, and a shutdown we trigger. */
function setup() {
  const out: string[] = [];
  let stop: () => void = () => undefined;
  const shutdown = new Promise<void>((resolve) => (stop = resolve));
  let ready: (text: string) => void = () => undefined;
  const printed = new Promise<string>((resolve) => (ready = resolve));
  const io: CliIo = {
    stdout: (text) => {
      out.push(text);
      ready(out.join(''));
    },
    stderr: () => undefined,
    stdin: new PassThrough(),
    env: {},
    waitForShutdown: () => shutdown,
  };
  const program = new Command('gleaner').option('--json').exitOverride();
  const ctx = { io, json: (command: Command) => Boolean((command.optsWithGlobals() as { json?: boolean }).json) } as unknown as CliContext;
  registerDemoService(program, ctx);
  return { program, printed, stop, out };
}

describe('gleaner demo-service', () => {
  it('prints one JSON line with the URL and a team per plan, serves until shutdown, then closes', async () => {
    const { program, printed, stop, out } = setup();
    const running = program.parseAsync(['demo-service', '--json', '--seed', 'cli-seed'], { from: 'user' });
    const line = await printed;
    expect(line.endsWith('\n')).toBe(true);
    expect(line.trim().split('\n')).toHaveLength(1);
    const parsed = JSON.parse(line) as { url: string; teams: { name: string; plan: string; token: string }[] };
    expect(parsed.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(parsed.teams.map((t) => t.plan)).toEqual(['starter', 'pro', 'team']);
    for (const team of parsed.teams) expect(Object.keys(team).sort()).toEqual(['name', 'plan', 'token']);
    const response = await fetch(`${parsed.url}/api/v1/partner/videosite/trending`, {
      headers: { authorization: `Bearer ${parsed.teams[0]?.token ?? ''}` },
    });
    expect(response.status).toBe(200);
    stop();
    await running;
    await expect(fetch(`${parsed.url}/__demo/requests`)).rejects.toThrow();
    expect(out).toHaveLength(1);
  });

  it('gives the same tokens for the same seed', async () => {
    const tokens: string[][] = [];
    for (let i = 0; i < 2; i++) {
      const { program, printed, stop } = setup();
      const running = program.parseAsync(['demo-service', '--json', '--seed', '42'], { from: 'user' });
      tokens.push((JSON.parse(await printed) as { teams: { token: string }[] }).teams.map((t) => t.token));
      stop();
      await running;
    }
    expect(tokens[0]).toEqual(tokens[1]);
  });

  it('says in human mode where it runs, that it is demo data, and the teams with plans and tokens', async () => {
    const { program, printed, stop } = setup();
    const running = program.parseAsync(['demo-service'], { from: 'user' });
    const text = await printed;
    stop();
    await running;
    expect(text).toMatch(/running at http:\/\/127\.0\.0\.1:\d+/);
    expect(text).toMatch(/sample data/);
    for (const plan of ['starter', 'pro', 'team'])
      expect(text).toMatch(new RegExp(`demo-${plan}\\s+${plan}\\s.*demo_${plan}_[0-9a-f]{32}`));
    expect(text).toMatch(/30\/min, 1,000\/day/);
  });

  it('refuses a bad port before starting', async () => {
    const { program } = setup();
    await expect(program.parseAsync(['demo-service', '--port', 'abc'], { from: 'user' })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
