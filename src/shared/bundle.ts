/** Case bundles (issue 31) as the bridge shows them: the library's signing key, public half only. */
export interface BundleKeyInfo {
  /** SHA-256 of the raw 32-byte Ed25519 public key, hex in groups of 4 joined by ':'. */
  fingerprint: string;
  /** The public key, SPKI PEM. */
  publicKeyPem: string;
}
