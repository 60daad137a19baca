/**
 * The page `gleaner serve` opens in the user's browser. A command line can be read by every user
 * of the machine (/proc/<pid>/cmdline, `ps`), both the opener's and the browser's it starts, so
 * no key may travel on one. The browser is given the path of a file only this user can read
 * instead, and the page in it hands a one-use key to the host by POST, as Jupyter's opener does.
 */
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface OpenerPage {
  /** The page's file, in a folder of its own. */
  path: string;
  /** Deletes the page and its folder; safe to call more than once. */
  remove(): Promise<void>;
}

/**
 * Writes the page into a fresh folder (0700) as a file only its owner can read (0600). `action`
 * is the host's address that takes the key; `parent` is fixed only in tests.
 */
export async function writeOpenerPage(action: string, key: string, parent: string = tmpdir()): Promise<OpenerPage> {
  const dir = await mkdtemp(join(parent, 'gleaner-open-'));
  const remove = (): Promise<void> => rm(dir, { recursive: true, force: true });
  try {
    // mkdtemp already makes 0700 on POSIX; said again so no umask or platform default decides it.
    await chmod(dir, 0o700);
    const path = join(dir, 'open.html');
    // 'wx': never through a file (or a link) someone placed there first.
    await writeFile(path, openerPageHtml(action, key), { mode: 0o600, flag: 'wx' });
    return { path, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/**
 * A form that posts itself. The script is inline because the page is a local file, which no
 * Content-Security-Policy of the host covers; without script, the button does the same.
 */
export function openerPageHtml(action: string, key: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<title>Opening Gleaner</title>
</head>
<body>
<form method="post" action="${escapeAttribute(action)}">
<input type="hidden" name="key" value="${escapeAttribute(key)}">
<p>Opening Gleaner… <button type="submit">Open Gleaner</button></p>
</form>
<script>document.forms[0].submit();</script>
</body>
</html>
`;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
