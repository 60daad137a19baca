/** Looks for a secret in every file under some folders, in the forms a leak could take. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The secret as bytes a file could hold: UTF-8, UTF-16 (SQLite's other text encoding), base64, URL-encoded, hex. */
export function leakForms(secret: string): Buffer[] {
  const utf8 = Buffer.from(secret, 'utf8');
  return [
    utf8,
    Buffer.from(secret, 'utf16le'),
    Buffer.from(utf8.toString('base64')),
    Buffer.from(utf8.toString('base64url')),
    Buffer.from(encodeURIComponent(secret)),
    Buffer.from(utf8.toString('hex')),
  ];
}

export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Every place (file path, or a label for text) where a form of the secret occurs. */
export function findLeaks(secret: string, sources: { files?: string[]; texts?: Record<string, string> }): string[] {
  const forms = leakForms(secret);
  const hits: string[] = [];
  for (const file of sources.files ?? []) {
    if (!statSync(file, { throwIfNoEntry: false })) continue;
    const bytes = readFileSync(file);
    if (forms.some((form) => bytes.includes(form))) hits.push(file);
  }
  for (const [label, text] of Object.entries(sources.texts ?? {})) {
    const bytes = Buffer.from(text, 'utf8');
    if (forms.some((form) => bytes.includes(form))) hits.push(label);
  }
  return hits;
}
