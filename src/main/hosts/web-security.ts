/**
 * Web security shared by the two hosts that serve the renderer (the Electron custom
 * protocol and the browser-mode HTTP server): one Content-Security-Policy, one rule for
 * which links may leave the app.
 */

/**
 * No inline script, no eval, no plugins, no framing, no form posts. Thumbnails from platform
 * CDNs are the only remote content allowed, and only over https.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: data:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * A link from platform content may open in the system browser only when it is a plain
 * https URL: no credentials, no other scheme (javascript:, file:, data:, custom handlers).
 */
export function isSafeExternalUrl(candidate: unknown): candidate is string {
  if (typeof candidate !== 'string' || candidate.length > 8192) return false;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && url.hostname !== '';
}
