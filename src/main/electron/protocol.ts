import { readStaticFile } from '../hosts/static-files';
import type { Dispatch } from '../core';
import { pageSecurityHeaders, SECURITY_HEADERS } from '../hosts/web-security';
import { APP_ORIGIN, originOf } from './window';

/**
 * Answers `app://gleaner/...` requests from the built renderer folder, with the app's CSP.
 * Anything outside the folder, or on another host, is a 404.
 */
export async function serveAppRequest(rendererDir: string, requestUrl: string, dispatch?: Dispatch): Promise<Response> {
  if (originOf(requestUrl) !== APP_ORIGIN) return new Response('Not found', { status: 404 });
  const file = await readStaticFile(rendererDir, new URL(requestUrl).pathname);
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.body), {
    status: 200,
    // The page's policy follows the privacy setting once the core is up (see pageSecurityHeaders).
    headers: {
      'content-type': file.contentType,
      ...(dispatch && file.contentType.startsWith('text/html') ? await pageSecurityHeaders(dispatch) : SECURITY_HEADERS),
    },
  });
}
