/**
 * The hub's address as a user gives it (`team connect URL`, Settings → Team), checked before
 * anything connects. A password inside the URL is refused and never repeated back: URLs end up in
 * settings, shell history and screenshots, so the password travels only through the keychain.
 */
import { statSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { GleanerError } from '../../../shared/errors';

export const SSL_MODES = ['disable', 'prefer', 'require', 'verify-ca', 'verify-full'] as const;
export type SslMode = (typeof SSL_MODES)[number];

/** Query parameters a hub URL may carry: TLS only. Anything else is refused rather than half-understood. */
const ALLOWED_PARAMETERS = new Set(['sslmode', 'sslrootcert', 'sslcert', 'sslkey']);
const FILE_PARAMETERS = ['sslrootcert', 'sslcert', 'sslkey'] as const;
const MAX_URL_LENGTH = 2000;
const DEFAULT_PORT = 5432;

export interface HubAddress {
  /** The URL as stored and shown: no password, scheme and parameters as given. */
  url: string;
  user: string;
  host: string;
  port: number;
  database: string;
  sslmode: SslMode | null;
  /** The keychain account of this hub's password: one per user, server and database. */
  keychainAccount: string;
}

const refuse = (sentence: string): GleanerError => new GleanerError('INVALID_INPUT', sentence);

const EXAMPLE = 'postgres://USER@HOST:5432/DATABASE?sslmode=verify-full';

function decoded(part: string, what: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    throw refuse(`The hub URL’s ${what} is not validly percent-encoded.`);
  }
}

function isReadableFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Parses and checks a hub URL; every refusal is INVALID_INPUT with a sentence that never quotes the URL. */
export function parseHubUrl(raw: string): HubAddress {
  const text = raw.trim();
  if (text === '') throw refuse(`Give the team hub’s URL, for example ${EXAMPLE}.`);
  if (text.length > MAX_URL_LENGTH) throw refuse(`The hub URL is longer than ${MAX_URL_LENGTH} characters.`);
  if (Array.from(text).some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f || /\s/.test(c)))
    throw refuse('The hub URL holds spaces or control characters.');
  const scheme = text.match(/^([a-z][a-z0-9+.-]*):/i)?.[1]?.toLowerCase();
  if (scheme !== 'postgres' && scheme !== 'postgresql')
    throw refuse(`The hub URL must start with postgres:// or postgresql://, for example ${EXAMPLE}.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refuse(`The hub URL could not be read; write it like ${EXAMPLE}.`);
  }
  if (url.password !== '' || /^[a-z]+:\/\/[^/@]*:[^/@]*@/i.test(text))
    throw refuse(
      'The hub URL holds a password. Remove it from the URL: Gleaner asks for the password separately and keeps it in the OS keychain. Nothing was saved.',
    );
  const parameters = new Map<string, string>();
  for (const [key, value] of url.searchParams) {
    if (key === 'password')
      throw refuse('The hub URL holds a password parameter. Remove it: Gleaner asks for the password separately. Nothing was saved.');
    if (!ALLOWED_PARAMETERS.has(key))
      throw refuse(`The hub URL parameter “${key.slice(0, 40)}” is not supported; only sslmode, sslrootcert, sslcert and sslkey are.`);
    parameters.set(key, value);
  }
  const host = url.hostname;
  if (host === '') throw refuse(`The hub URL names no host, for example ${EXAMPLE}.`);
  const user = decoded(url.username, 'user');
  if (user === '') throw refuse(`The hub URL names no user (the role Gleaner logs in as), for example ${EXAMPLE}.`);
  const database = decoded(url.pathname.replace(/^\//, ''), 'database');
  if (database === '' || database.includes('/')) throw refuse(`The hub URL names no database after the host, for example ${EXAMPLE}.`);
  const port = url.port === '' ? DEFAULT_PORT : Number(url.port);
  const sslmode = parameters.get('sslmode');
  if (sslmode !== undefined && !(SSL_MODES as readonly string[]).includes(sslmode))
    throw refuse(`sslmode must be one of ${SSL_MODES.join(', ')}.`);
  // pg throws an uncoded error for this at connect time; libpq would fall back to ~/.postgresql/root.crt.
  if (sslmode === 'verify-ca' && !parameters.has('sslrootcert'))
    throw refuse('sslmode=verify-ca needs sslrootcert: the absolute path of the CA certificate that signed the hub’s.');
  for (const name of FILE_PARAMETERS) {
    const path = parameters.get(name);
    if (path === undefined) continue;
    if (!isAbsolute(path)) throw refuse(`${name} must be an absolute path to a certificate file.`);
    if (!isReadableFile(path)) throw refuse(`${name} names a file that does not exist or cannot be read.`);
  }
  return {
    url: url.href,
    user,
    host,
    port,
    database,
    sslmode: (sslmode as SslMode | undefined) ?? null,
    keychainAccount: `team-hub ${user}@${host}:${port}/${database}`,
  };
}
