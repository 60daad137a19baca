import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openerPageHtml, writeOpenerPage } from '../../../../src/main/hosts/browser/opener-page';

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), 'gleaner-opener-test-'));
});
afterEach(() => {
  rmSync(parent, { recursive: true, force: true });
});

describe('the opener page', () => {
  it('is a form that posts the key to the host’s address by itself', () => {
    const html = openerPageHtml('http://127.0.0.1:4000/abc/session', 'k-1_');
    expect(html).toContain('<form method="post" action="http://127.0.0.1:4000/abc/session">');
    expect(html).toContain('<input type="hidden" name="key" value="k-1_">');
    expect(html).toContain('document.forms[0].submit()');
  });

  it('keeps what it is given inside its attributes', () => {
    const html = openerPageHtml('http://x/"><script>alert(1)</script>', 'a"b&c<d>');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('value="a&quot;b&amp;c&lt;d&gt;"');
  });

  it('is written to a folder of its own that only its owner can enter, readable only by its owner, and removed whole', async () => {
    const page = await writeOpenerPage('http://127.0.0.1:4000/abc/session', 'key', parent);
    expect(dirname(dirname(page.path))).toBe(parent);
    expect(statSync(dirname(page.path)).mode & 0o777).toBe(0o700);
    expect(statSync(page.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(page.path, 'utf8')).toContain('value="key"');
    await page.remove();
    await page.remove();
    expect(existsSync(dirname(page.path))).toBe(false);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('each page gets a fresh folder', async () => {
    const first = await writeOpenerPage('http://127.0.0.1:4000/abc/session', 'one', parent);
    const second = await writeOpenerPage('http://127.0.0.1:4000/abc/session', 'two', parent);
    expect(dirname(first.path)).not.toBe(dirname(second.path));
  });

  it('fails, leaving nothing, where it cannot write', async () => {
    await expect(writeOpenerPage('http://127.0.0.1:4000/abc/session', 'key', join(parent, 'missing'))).rejects.toThrow();
    expect(readdirSync(parent)).toEqual([]);
  });
});
