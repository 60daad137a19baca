import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveAppRequest } from '../../../src/main/electron/protocol';
import { originOf } from '../../../src/main/electron/window';

const rendererDir = join(__dirname, '../../fixtures/renderer');

describe('app:// protocol', () => {
  it('serves the renderer with the CSP and nosniff', async () => {
    const res = await serveAppRequest(rendererDir, 'app://gleaner/index.html');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('fixture page');
  });

  it('serves app routes from index.html', async () => {
    expect((await serveAppRequest(rendererDir, 'app://gleaner/library')).status).toBe(200);
  });

  it.each([
    'app://gleaner/../../package.json',
    'app://gleaner/%2e%2e/%2e%2e/package.json',
    'app://other/index.html',
    'app://gleaner/missing.js',
    'not a url',
  ])('answers %s with 404', async (url) => {
    expect((await serveAppRequest(rendererDir, url)).status).toBe(404);
  });

  it('reads origins of custom schemes, which Node reports as "null"', () => {
    expect(originOf('app://gleaner/index.html')).toBe('app://gleaner');
    expect(originOf('http://localhost:5173/x')).toBe('http://localhost:5173');
    expect(originOf('file:///etc/passwd')).toBeNull();
    expect(originOf('garbage')).toBeNull();
  });
});
