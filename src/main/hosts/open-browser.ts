import { spawn } from 'node:child_process';
import { environmentWithoutToken } from '../core';

/**
 * Opens a URL in the user's browser; best effort, since a headless machine has none. The browser
 * does not inherit GLEANER_TOKEN. The URL ends up on command lines every user of the machine can
 * read, so it must carry no credential: `serve` passes the file URL of its opener page.
 */
export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform, run: typeof spawn = spawn): void {
  const [command, args] =
    platform === 'darwin' ? ['open', [url]] : platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = run(command, args as string[], { detached: true, stdio: 'ignore', env: environmentWithoutToken(process.env) });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the printed URL is enough.
  }
}
