/**
 * The library's case-bundle signing key (Ed25519). Made on first need and kept by a
 * SigningKeyStore; only the public half and its fingerprint ever leave this module's callers.
 *
 * Fingerprint: SHA-256 of the raw 32-byte public key, lower-case hex in 16 groups of 4 joined
 * by ':' — short enough to read aloud or publish, and computable with openssl and sha256sum.
 */
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { GleanerError } from '../../../shared/errors';
import type { SigningKeyStore } from './signing-key-store';

export interface SigningKey {
  publicKeyPem: string;
  fingerprint: string;
  /** An Ed25519 signature (64 bytes) of `data`. */
  sign(data: Buffer): Buffer;
  /** Made for one bundle and never kept (createOneTimeSigningKey): it shows the bundle intact, not whose it is. */
  oneTime: boolean;
}

/** The public key's raw 32 bytes: the last 32 of its SPKI DER encoding. */
export function rawPublicKey(publicKey: KeyObject): Buffer {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return der.subarray(der.length - 32);
}

export function fingerprintOfPublicKey(publicKey: KeyObject): string {
  const hex = createHash('sha256').update(rawPublicKey(publicKey)).digest('hex');
  return hex.match(/.{4}/g)!.join(':');
}

/** Any spelling of a fingerprint (case, separators) as its 64 hex digits, for comparing. */
export function canonicalFingerprint(text: string): string {
  return text.toLowerCase().replace(/[^0-9a-f]/g, '');
}

export function publicKeyFromPem(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    throw new GleanerError('INVALID_INPUT', 'The public key is not a PEM public key.');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new GleanerError('INVALID_INPUT', 'The public key is not an Ed25519 key.');
  return key;
}

export function verifyEd25519(publicKey: KeyObject, data: Buffer, signature: Buffer): boolean {
  try {
    return verify(null, data, publicKey, signature);
  } catch {
    return false;
  }
}

function fromPrivateKey(privateKey: KeyObject, oneTime: boolean): SigningKey {
  const publicKey = createPublicKey(privateKey);
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    fingerprint: fingerprintOfPublicKey(publicKey),
    sign: (data) => sign(null, data, privateKey),
    oneTime,
  };
}

function fromPrivatePem(pem: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey(pem);
  } catch {
    throw new GleanerError('INVALID_INPUT', 'The stored case-bundle signing key cannot be read (it is not a PEM private key).');
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') {
    throw new GleanerError('INVALID_INPUT', 'The stored case-bundle signing key is not an Ed25519 key.');
  }
  return fromPrivateKey(privateKey, false);
}

/**
 * A key for one bundle where the library's own cannot be kept (no keychain): made in memory, used
 * for one signature and dropped with the bundle, so it is stored nowhere. The bundle still proves
 * that nothing in it changed since it was signed; no other bundle carries the same key, so it
 * cannot show which library made it.
 */
export function createOneTimeSigningKey(): SigningKey {
  return fromPrivateKey(generateKeyPairSync('ed25519').privateKey, true);
}

/** The library's key, made and saved on first need. */
export async function loadOrCreateSigningKey(store: SigningKeyStore): Promise<SigningKey> {
  const existing = await store.load();
  if (existing) return fromPrivatePem(existing);
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await store.save(pem);
  return fromPrivatePem(pem);
}
