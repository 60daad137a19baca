/** Small HTTP helpers of the demo service. */
import type { IncomingMessage, ServerResponse } from 'node:http';

const BASE_HEADERS = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'x-gleaner-demo': 'demo data' };

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...BASE_HEADERS,
    ...headers,
  });
  res.end(text);
}

/** A file's bytes (the body left out for HEAD). */
export function sendBytes(res: ServerResponse, contentType: string, body: Buffer, withBody: boolean): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length, ...BASE_HEADERS });
  res.end(withBody ? body : undefined);
}

/** The error body: the spec does not show one; the demo answers `{ success: false, message }`. */
export const sendError = (res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void =>
  sendJson(res, status, { success: false, message }, headers);

/** A body cut in half and ended cleanly: the client gets status 200 and invalid JSON. */
export function sendTruncated(res: ServerResponse, body: unknown): void {
  if (res.headersSent || res.destroyed) return;
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', ...BASE_HEADERS });
  res.end(text.subarray(0, Math.max(1, Math.floor(text.length / 2))));
}

/** An HTML error page where JSON was expected, like a proxy in front of the service sends. */
export function sendHtml(res: ServerResponse, status: number): void {
  if (res.headersSent || res.destroyed) return;
  const html = `<!DOCTYPE html>\n<html><head><title>${status} Error</title></head><body><h1>${status} Error</h1><p>The server encountered a temporary error. Please try again.</p><hr><center>proxy</center></body></html>\n`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html), ...BASE_HEADERS });
  res.end(html);
}

/** Reads a small request body; null when it is larger than the limit. */
export async function readBody(req: IncomingMessage, limit = 64 * 1024): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const isLoopback = (address: string | undefined): boolean =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1' || (address?.startsWith('127.') ?? false);
