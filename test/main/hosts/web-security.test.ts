import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, isSafeExternalUrl, pageSecurityHeaders } from '../../../src/main/hosts/web-security';

describe('isSafeExternalUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', true],
    ['https://bsky.app/profile/a.bsky.social/post/3k', true],
    ['http://example.com/', false],
    ['javascript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['JAVASCRIPT:alert(1)', false],
    ['data:text/html,hi', false],
    ['file:///etc/passwd', false],
    ['vbscript:msgbox', false],
    ['https://user:secret@example.com/', false],
    ['//example.com/', false],
    ['not a url', false],
    ['', false],
    [42, false],
    [`https://example.com/${'a'.repeat(9000)}`, false],
  ])('%j → %s', (url, safe) => {
    expect(isSafeExternalUrl(url)).toBe(safe);
  });
});

describe('Content-Security-Policy', () => {
  it('allows no inline or evaluated script, no framing and no plugins', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});

describe('the page’s Content-Security-Policy and the privacy setting', () => {
  const answering = (value: unknown) => async () => ({ ok: true, value });
  const imgSrc = (headers: Readonly<Record<string, string>>) =>
    headers['content-security-policy']!.split('; ').find((d) => d.startsWith('img-src'));

  it('lets the page load https pictures only while the setting allows them', async () => {
    expect(imgSrc(await pageSecurityHeaders(answering({ blockRemoteImages: false })))).toBe("img-src 'self' https: data:");
    expect(imgSrc(await pageSecurityHeaders(answering({ blockRemoteImages: true })))).toBe("img-src 'self' data:");
  });

  it('keeps the stricter policy when the setting cannot be read', async () => {
    expect(imgSrc(await pageSecurityHeaders(async () => ({ ok: false })))).toBe("img-src 'self' data:");
    expect(
      imgSrc(
        await pageSecurityHeaders(async () => {
          throw new Error('closed');
        }),
      ),
    ).toBe("img-src 'self' data:");
  });
});
