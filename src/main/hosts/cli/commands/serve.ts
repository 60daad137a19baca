import { pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { startBrowserHost } from '../../browser/server';
import { createTerminalCodeConfirmation } from '../../browser/token-code';
import { createNodeCore } from '../../node-core';
import { openInBrowser } from '../../open-browser';
import type { CliContext } from '../context';
import { parsePort } from '../arguments';

export function registerServe(program: Command, ctx: CliContext): void {
  program
    .command('serve')
    .description('run Gleaner in your browser: a host on 127.0.0.1 guarded by a per-run key')
    .option('--port <n>', 'port to listen on (default: a free one)')
    .option('--no-open', 'do not open the browser')
    .action(async (options: { port?: string; open: boolean }, command: Command) => {
      const port = options.port === undefined ? 0 : parsePort(options.port);
      const dataDir = ctx.dataDir(command);
      const { core, log } = createNodeCore({
        dataDir,
        host: 'browser',
        env: ctx.io.env,
        // The page asks; this terminal, which the page cannot read, gives the code that answers.
        confirmTokenOrigin: createTerminalCodeConfirmation({ tell: (text) => ctx.io.stderr(text), now: () => Date.now() }),
      });
      try {
        core.startQueue();
        const host = await startBrowserHost({
          dispatch: core.dispatch,
          events: core.events,
          exportDownloads: core.exportDownloads,
          rendererDir: ctx.rendererDir,
          log,
          port,
        });
        if (ctx.json(command)) ctx.io.stdout(`${JSON.stringify({ url: host.url, port: host.port, dataDir })}\n`);
        else ctx.io.stdout(`Gleaner is running at ${host.url}\nLibrary: ${dataDir}\nPress Ctrl+C to stop.\n`);
        // Not host.url, nor any link with a key: the opener's and the browser's command lines can be
        // read by other users. The browser gets the path of a page only this user can read.
        if (options.open) {
          try {
            (ctx.io.openBrowser ?? openInBrowser)(pathToFileURL(await host.writeOpenerPage()).href);
          } catch (error) {
            log.warn('could not write the page that opens the browser', { error: error instanceof Error ? error.message : String(error) });
            ctx.io.stderr('Could not open the browser; open the link above instead.\n');
          }
        }
        await ctx.io.waitForShutdown();
        await host.close();
      } finally {
        await core.close();
      }
    });
}
