/** Issue 31: `bundle.tsa-ca`, the timestamp authority's CA file, through `gleaner config` (and the settings bridge the window uses). */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBundleSettings } from '../../../../src/main/core/settings/bundle-config';
import { getConfig, isConfigSet, listConfig, setConfig, unsetConfig } from '../../../../src/main/core/settings/service-settings';
import { openDatabase } from '../../../../src/main/core/store/database';
import { createSettingsRepository } from '../../../../src/main/core/store/settings-repository';

const repo = () => createSettingsRepository(openDatabase({ path: ':memory:' }), () => new Date(0));
const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gleaner-tsa-ca-'));
  writeFileSync(join(dir, 'ca.pem'), CERTIFICATE);
  writeFileSync(join(dir, 'key.pem'), '-----BEGIN PRIVATE KEY-----\nMC4\n-----END PRIVATE KEY-----\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bundle.tsa-ca in gleaner config', () => {
  it('stores the full path of a PEM file of certificates, lists it, and unsets it', () => {
    const settings = repo();
    expect(readBundleSettings(settings).tsaCa).toBeNull();
    expect(setConfig(settings, 'bundle.tsa-ca', ` ${join(dir, 'ca.pem')} `)).toBe(join(dir, 'ca.pem'));
    expect(readBundleSettings(settings).tsaCa).toBe(join(dir, 'ca.pem'));
    expect(getConfig(settings, 'bundle.tsa-ca')).toBe(join(dir, 'ca.pem'));
    expect(listConfig(settings)).toMatchObject({ 'bundle.tsa-ca': join(dir, 'ca.pem') });
    expect(unsetConfig(settings, 'bundle.tsa-ca')).toBe(true);
    expect(isConfigSet(settings, 'bundle.tsa-ca')).toBe(false);
  });

  it('refuses, with a code, a path that is not there, a file with no certificate, and nothing at all', () => {
    const settings = repo();
    expect(() => setConfig(settings, 'bundle.tsa-ca', join(dir, 'missing.pem'))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(() => setConfig(settings, 'bundle.tsa-ca', join(dir, 'key.pem'))).toThrow(
      expect.objectContaining({ code: 'INVALID_INPUT', message: expect.stringMatching(/holds no PEM certificate/) }),
    );
    expect(() => setConfig(settings, 'bundle.tsa-ca', dir)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(() => setConfig(settings, 'bundle.tsa-ca', '  ')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
    expect(isConfigSet(settings, 'bundle.tsa-ca')).toBe(false);
  });
});
