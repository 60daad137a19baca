/**
 * Web security shared by the two hosts that serve the renderer (the Electron custom
 * protocol and the browser-mode HTTP server): one Content-Security-Policy, one rule for
 * which links may leave the app.
 */

/**
 * No inline script, no eval, no plugins, no framing, no form posts. Thumbnails from platform
 * CDNs are the only remote content allowed, and only over https — none at all when the privacy
 * setting blocks them (`privacy.block-images`).
 */
function contentSecurityPolicy(remoteImages: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    remoteImages ? "img-src 'self' https: data:" : "img-src 'self' data:",
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
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy(true);

function securityHeaders(remoteImages: boolean): Readonly<Record<string, string>> {
  return {
    'content-security-policy': contentSecurityPolicy(remoteImages),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
}

export const SECURITY_HEADERS = securityHeaders(true);

/**
 * The headers for the app's page itself. The CSP is fixed when the page loads, so the privacy
 * setting is read then: a change applies in full from the next load (the renderer stops asking
 * for pictures at once). A setting that cannot be read keeps the stricter policy.
 */
export async function pageSecurityHeaders(
  dispatch: (method: unknown, input: unknown) => Promise<{ ok: boolean; value?: unknown }>,
): Promise<Readonly<Record<string, string>>> {
  try {
    const answer = await dispatch('settings.get', {});
    const blocked = answer.ok ? (answer.value as { blockRemoteImages?: unknown }).blockRemoteImages : true;
    return securityHeaders(blocked === false);
  } catch {
    return securityHeaders(false);
  }
}

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
