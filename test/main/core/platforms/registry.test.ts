import { describe, expect, it } from 'vitest';
import { getOperation, PLATFORMS } from '../../../../src/shared/catalogue';
import { NORMALISERS } from '../../../../src/main/core/platforms/normalise/index';
import { PLATFORM_MODULES, platformModules } from '../../../../src/main/core/platforms/registry';
import { URL_PATTERNS } from '../../../../src/main/core/platforms/url-patterns';

describe('platform registry', () => {
  it('holds one module per platform of the catalogue, in its order', () => {
    expect(platformModules().map((module) => module.platform)).toEqual([...PLATFORMS]);
    for (const platform of PLATFORMS) expect(PLATFORM_MODULES[platform].platform).toBe(platform);
  });

  it('gives the recogniser the same link data as the modules, so the two cannot drift apart', () => {
    expect(URL_PATTERNS).toEqual(platformModules().map((module) => module.urls));
    for (const [index, module] of platformModules().entries()) expect(URL_PATTERNS[index]).toBe(module.urls);
  });

  it('dispatches every platform to its own module’s normaliser', () => {
    for (const platform of PLATFORMS) expect(NORMALISERS[platform]).toBe(PLATFORM_MODULES[platform].normalise);
  });

  it('maps links only to operations of the platform whose rules they are', () => {
    for (const module of platformModules()) {
      expect(module.urls.platform).toBe(module.platform);
      for (const rule of module.urls.rules) {
        if ('operation' in rule.then) expect(getOperation(rule.then.operation).platform).toBe(module.platform);
      }
    }
  });
});
