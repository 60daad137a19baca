import { readFile } from 'node:fs/promises';
import { extname, join, normalize, relative, sep } from 'node:path';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export const contentTypeFor = (path: string): string => CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';

/**
 * Maps a URL path to a file inside `root`, or null when it would escape it. Paths without
 * a file extension are app routes and get `index.html` (the renderer is a single page).
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const wanted = decoded === '/' || extname(decoded) === '' ? '/index.html' : decoded;
  const full = normalize(join(root, wanted));
  const rel = relative(root, full);
  if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..')) return null;
  return full;
}

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

export async function readStaticFile(root: string, urlPath: string): Promise<StaticFile | null> {
  const path = resolveStaticPath(root, urlPath);
  if (!path) return null;
  try {
    return { body: await readFile(path), contentType: contentTypeFor(path) };
  } catch {
    return null;
  }
}
