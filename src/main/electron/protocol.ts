import { readStaticFile } from '../hosts/static-files';
import { SECURITY_HEADERS } from '../hosts/web-security';
import { APP_ORIGIN, originOf } from './window';

/**
 * Answers `app://gleaner/...` requests from the built renderer folder, with the app's CSP.
 * Anything outside the folder, or on another host, is a 404.
 */
export async function serveAppRequest(rendererDir: string, requestUrl: string): Promise<Response> {
  if (originOf(requestUrl) !== APP_ORIGIN) return new Response('Not found', { status: 404 });
  const file = await readStaticFile(rendererDir, new URL(requestUrl).pathname);
  if (!file) return new Response('Not found', { status: 404 });
  return new Response(new Uint8Array(file.body), {
    status: 200,
    headers: { 'content-type': file.contentType, ...SECURITY_HEADERS },
  });
}
