import { describe, expect, it } from 'vitest';
import { canonicalLanguage, languageLabel, sameBaseLanguage } from '../../src/shared/language';

describe('canonicalLanguage', () => {
  it.each([
    ['English', 'en'],
    ['english', 'en'],
    ['  EN ', 'en'],
    ['en_us', 'en-US'],
    ['German', 'de'],
    ['Deutsch', 'de'],
    ['Español', 'es'],
    ['Portuguese (Brazil)', 'pt-BR'],
    ['Brazilian Portuguese', 'pt-BR'],
    ['Chinese (Simplified)', 'zh-Hans'],
    ['Chinese (Traditional)', 'zh-Hant'],
    ['Filipino', 'fil'],
    ['iw', 'he'],
    ['Hebrew', 'he'],
  ])('spells %j as %j', (given, spelt) => {
    expect(canonicalLanguage(given)).toBe(spelt);
  });

  it('keeps what it cannot place as given, and unstated as ""', () => {
    expect(canonicalLanguage('English (auto-generated)')).toBe('English (auto-generated)');
    expect(canonicalLanguage('Klingon')).toBe('Klingon');
    expect(canonicalLanguage('xx')).toBe('xx');
    expect(canonicalLanguage('')).toBe('');
    expect(canonicalLanguage('   ')).toBe('');
    expect(canonicalLanguage(null)).toBe('');
    expect(canonicalLanguage(undefined)).toBe('');
  });

  it('gives the same spelling when asked again (what the library stores is already its own spelling)', () => {
    for (const given of ['English', 'pt_br', 'Chinese (Simplified)', 'Klingon', 'English (auto-generated)', 'Twi', 'mo']) {
      const once = canonicalLanguage(given);
      expect(canonicalLanguage(once)).toBe(once);
    }
  });
});

describe('languageLabel', () => {
  it('names a tag in English with the tag beside it, and shows other text as it is', () => {
    expect(languageLabel('en')).toBe('English (en)');
    expect(languageLabel('pt-BR')).toBe('Portuguese (Brazil, pt-BR)');
    expect(languageLabel('English (auto-generated)')).toBe('English (auto-generated)');
    expect(languageLabel('')).toBe('');
    expect(languageLabel(null)).toBe('');
  });
});

describe('sameBaseLanguage', () => {
  it('matches spellings and regions of one language, never an unstated one', () => {
    expect(sameBaseLanguage('English', 'en')).toBe(true);
    expect(sameBaseLanguage('en-GB', 'English')).toBe(true);
    expect(sameBaseLanguage('fr', 'English')).toBe(false);
    expect(sameBaseLanguage(null, 'en')).toBe(false);
    expect(sameBaseLanguage('', '')).toBe(false);
  });
});
